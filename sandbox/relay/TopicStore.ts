/**
 * The relay's mailbox: messages published on a topic are kept until their TTL runs out, so a client that
 * subscribes late (the dapp subscribes to the session topic only after the settle message was published)
 * still receives them. Each message remembers which clients acknowledged it, so nobody gets it twice.
 *
 * Memory is bounded: at most `maxMessagesPerTopic` per topic, `maxTopics` topics and `maxBytes` of message
 * text in all, the oldest dropped first.
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
  readonly maxBytes?: number
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
  readonly size: () => { readonly topics: number; readonly messages: number; readonly bytes: number }
}

export const defaultMaxMessagesPerTopic = 100
export const defaultMaxTopics = 10_000
export const defaultMaxBytes = 64 * 1024 * 1024

export const make = (options: TopicStoreOptions): TopicStore => {
  const maxMessages = options.maxMessagesPerTopic ?? defaultMaxMessagesPerTopic
  const maxTopics = options.maxTopics ?? defaultMaxTopics
  const maxBytes = options.maxBytes ?? defaultMaxBytes
  // topic -> message body -> stored message; Map keeps insertion order, so the first entry is the oldest.
  const topics = new Map<string, Map<string, StoredMessage>>()
  // Message text held in all (UTF-16 length: a bound, not an exact byte count).
  let bytes = 0

  const remove = (messages: Map<string, StoredMessage>, body: string): void => {
    if (messages.delete(body)) bytes -= body.length
  }

  const dropOldestTopic = (): void => {
    const oldest = topics.entries().next()
    if (oldest.done === true) return
    for (const body of oldest.value[1].keys()) remove(oldest.value[1], body)
    topics.delete(oldest.value[0])
  }

  const dropOldestMessage = (messages: Map<string, StoredMessage>): void => {
    const oldest = messages.keys().next()
    if (oldest.done !== true) remove(messages, oldest.value)
  }

  const live = (topic: string): Map<string, StoredMessage> | undefined => {
    const messages = topics.get(topic)
    if (messages === undefined) return undefined
    const now = options.now()
    for (const [body, stored] of messages) if (stored.expiresAt <= now) remove(messages, body)
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
      if (topics.size >= maxTopics) dropOldestTopic()
      messages = new Map()
    }
    // Re-inserting keeps topics ordered by their last publish: the first one is the stalest.
    topics.delete(incoming.topic)
    topics.set(incoming.topic, messages)
    if (messages.size >= maxMessages) dropOldestMessage(messages)
    while (bytes + incoming.message.length > maxBytes) {
      const stalest = topics.entries().next()
      if (stalest.done === true) break
      const [topic, held] = stalest.value
      if (held.size > 0) dropOldestMessage(held)
      else if (held === messages) break
      else topics.delete(topic)
    }
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
    bytes += incoming.message.length
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
    return { topics: topics.size, messages, bytes }
  }

  return { publish, pendingFor, markReceived, sweep, size }
}
