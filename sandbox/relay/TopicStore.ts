/**
 * The relay's mailbox: messages published on a topic are kept until their TTL runs out, so a client that
 * subscribes late (the dapp subscribes to the session topic only after the settle message was published)
 * still receives them. Each message remembers which clients acknowledged it, so nobody gets it twice.
 *
 * Memory is bounded: at most `maxMessagesPerTopic` per topic and `maxTopics` topics, oldest dropped first.
 */
import type { Delivery } from "./RelayFrame.ts"

export interface StoredMessage extends Delivery {
  readonly expiresAt: number
  /** Client ids (JWT issuers) that have this message: the publisher and every client that acknowledged it. */
  readonly receivedBy: Set<string>
}

export interface TopicStoreOptions {
  /** Milliseconds since the epoch; tests pass a clock they move by hand. */
  readonly now: () => number
  readonly maxMessagesPerTopic?: number
  readonly maxTopics?: number
}

export interface Publish {
  readonly topic: string
  readonly message: string
  readonly ttl: number
  readonly tag?: number
  readonly attestation?: string
}

export interface TopicStore {
  /** Stores a message (a republished identical message is the same message) and returns it. */
  readonly publish: (publish: Publish, publisher: string) => StoredMessage
  /** Live messages on `topic` that `clientId` has not received yet, oldest first. */
  readonly pendingFor: (topic: string, clientId: string) => ReadonlyArray<StoredMessage>
  /** Records that `clientId` has `message` (it acknowledged the push or fetched it). */
  readonly markReceived: (topic: string, message: string, clientId: string) => void
  /** Drops expired messages and empty topics. */
  readonly sweep: () => void
  readonly size: () => { readonly topics: number; readonly messages: number }
}

export const defaultMaxMessagesPerTopic = 100
export const defaultMaxTopics = 10_000

const dropOldest = <K, V>(map: Map<K, V>): void => {
  const oldest = map.keys().next()
  if (oldest.done !== true) map.delete(oldest.value)
}

export const make = (options: TopicStoreOptions): TopicStore => {
  const maxMessages = options.maxMessagesPerTopic ?? defaultMaxMessagesPerTopic
  const maxTopics = options.maxTopics ?? defaultMaxTopics
  // topic -> message body -> stored message; Map keeps insertion order, so the first entry is the oldest.
  const topics = new Map<string, Map<string, StoredMessage>>()

  const live = (topic: string): Map<string, StoredMessage> | undefined => {
    const messages = topics.get(topic)
    if (messages === undefined) return undefined
    const now = options.now()
    for (const [body, stored] of messages) if (stored.expiresAt <= now) messages.delete(body)
    if (messages.size === 0) {
      topics.delete(topic)
      return undefined
    }
    return messages
  }

  const publish = (incoming: Publish, publisher: string): StoredMessage => {
    let messages = live(incoming.topic)
    const existing = messages?.get(incoming.message)
    if (existing !== undefined) return existing
    if (messages === undefined) {
      if (topics.size >= maxTopics) dropOldest(topics)
      messages = new Map()
      topics.set(incoming.topic, messages)
    }
    if (messages.size >= maxMessages) dropOldest(messages)
    const now = options.now()
    const stored: StoredMessage = {
      topic: incoming.topic,
      message: incoming.message,
      publishedAt: now,
      tag: incoming.tag ?? 0,
      ...(incoming.attestation === undefined ? {} : { attestation: incoming.attestation }),
      expiresAt: now + incoming.ttl * 1000,
      receivedBy: new Set([publisher])
    }
    messages.set(incoming.message, stored)
    return stored
  }

  const pendingFor = (topic: string, clientId: string): ReadonlyArray<StoredMessage> =>
    [...(live(topic)?.values() ?? [])].filter((stored) => !stored.receivedBy.has(clientId))

  const markReceived = (topic: string, message: string, clientId: string): void => {
    topics.get(topic)?.get(message)?.receivedBy.add(clientId)
  }

  const sweep = (): void => {
    // Deleting the entry being visited is safe while iterating a Map.
    for (const topic of topics.keys()) live(topic)
  }

  const size = () => {
    let messages = 0
    for (const topic of topics.values()) messages += topic.size
    return { topics: topics.size, messages }
  }

  return { publish, pendingFor, markReceived, sweep, size }
}
