/**
 * Relay traffic across processes through the balancer, with core's relay client (the one the modal and
 * the embedded wallet use: it reconnects with backoff and subscribes again by itself). Each topic has a
 * subscriber pinned to one relay process and a publisher pinned to another, so every message crosses
 * processes through the shared database, and a second subscriber the balancer places freely (no sticky
 * sessions: after a crash it reconnects to whichever process the balancer picks); the publisher publishes its messages with a TTL one after the
 * other, each counted once the relay acknowledged it (stored). A publish refused or cut is sent again:
 * the same message on the same topic is the same message to the relay, so a retry never duplicates one.
 */
import { randomBytes } from "node:crypto"
import { generateSeed } from "../../core/walletconnect/RelayAuth.ts"
import * as RelayClient from "../../core/walletconnect/RelayClient.ts"
import type { ReconnectTally } from "./ReconnectTally.ts"
import { pinnedSocket } from "./RelayPin.ts"

export interface RelayLoadOptions {
  /** The relay URL clients are given: the balancer's `/relay`, the relays' publicUrl. */
  readonly url: string
  readonly processes: number
  readonly topics: number
  readonly messagesPerTopic: number
  readonly ttlSeconds: number
  /** Where the clients' reconnects are counted. */
  readonly reconnects: ReconnectTally
  /** Called after each acknowledged publish with how many are acknowledged so far. */
  readonly onPublished?: (count: number) => void
}

export interface RelayLoad {
  /** Resolves once every message was acknowledged by the relay. */
  readonly published: Promise<number>
  /** Acknowledged messages that one of their topic's subscribers has not received yet. */
  readonly missing: () => number
  /** Publishes the relay refused or the client gave up on (each was sent again). */
  readonly failures: () => Readonly<Record<string, number>>
  readonly close: () => void
}

const tag = 1108

export const startRelayLoad = async (options: RelayLoadOptions): Promise<RelayLoad> => {
  const clients: Array<RelayClient.RelayClient> = []
  const failures: Record<string, number> = {}
  let published = 0
  const acknowledged = new Map<string, Set<string>>()
  /** What each subscriber received, by topic. */
  const received = new Map<string, Array<Set<string>>>()

  const client = (pin: number | undefined, onPush: (push: RelayClient.Push) => void = () => undefined) => {
    const made = RelayClient.make({
      relayUrl: options.url,
      projectId: "multiprocess",
      seed: generateSeed(),
      onPush,
      openSocket: pinnedSocket(pin),
      onStatus: options.reconnects.listener()
    })
    clients.push(made)
    return made
  }

  const topics = Array.from({ length: options.topics }, () => randomBytes(32).toString("hex"))
  await Promise.all(
    topics.map((topic, index) => {
      acknowledged.set(topic, new Set())
      const inboxes = [new Set<string>(), new Set<string>()]
      received.set(topic, inboxes)
      const pinned = client(index % options.processes, (push) => void inboxes[0]?.add(push.message))
      const roaming = client(undefined, (push) => void inboxes[1]?.add(push.message))
      return Promise.all([pinned.subscribe(topic), roaming.subscribe(topic)])
    })
  )

  const publishAll = async (topic: string, index: number): Promise<void> => {
    const publisher = client((index + 1) % options.processes)
    for (let n = 0; n < options.messagesPerTopic; n++) {
      const message = `${index}:${n}`
      for (;;) {
        try {
          await publisher.publish(topic, message, { ttl: options.ttlSeconds, tag })
          break
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error)
          failures[reason] = (failures[reason] ?? 0) + 1
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
      }
      acknowledged.get(topic)?.add(message)
      published += 1
      options.onPublished?.(published)
    }
  }

  const missing = () => {
    let count = 0
    for (const [topic, messages] of acknowledged) {
      const inboxes = received.get(topic) ?? []
      for (const message of messages) if (inboxes.some((inbox) => !inbox.has(message))) count += 1
    }
    return count
  }

  return {
    published: Promise.all(topics.map(publishAll)).then(() => published),
    missing,
    failures: () => failures,
    close: () => {
      for (const made of clients) made.close()
    }
  }
}
