/**
 * The relay's mailbox, as the sockets see it: messages published on a topic are kept until their TTL
 * runs out, so a client that subscribes late (the dapp subscribes to the session topic only after the
 * settle was published), reconnects, or lands on another relay process still receives them; and it
 * remembers which client acknowledged which message, so nobody receives one twice and an unacknowledged
 * one is delivered again. Two implementations: in memory (MemoryMessageStore.ts: one process, nothing
 * survives a restart) and in a database (SqlMessageStore.ts: PGlite or Postgres).
 *
 * Times are the caller's clock (milliseconds since the epoch), so TTL expiry follows the relay's clock.
 */
import type * as Effect from "effect/Effect"
import type { Delivery } from "./RelayFrame.ts"
import type { StorageUnavailableError } from "./RelayRefusal.ts"

export interface StoredMessage extends Delivery {
  /** The store's id: increasing in publish order. */
  readonly id: number
  /** The client id that published it: it never receives its own message. */
  readonly publisher: string
  readonly expiresAt: number
}

export interface Publish {
  readonly topic: string
  readonly message: string
  /** Seconds. */
  readonly ttl: number
  readonly tag?: number
  readonly attestation?: string
}

export interface Published {
  readonly stored: StoredMessage
  /** False when the same message was live on the topic already (a client's retry): it is that one. */
  readonly fresh: boolean
}

export interface StoreBounds {
  readonly maxMessagesPerTopic: number
  readonly maxBytesPerTopic: number
  readonly maxStoredBytes: number
}

export interface MessageStore {
  /** Stores a message, dropping the topic's oldest beyond its bounds. */
  readonly publish: (publish: Publish, publisher: string, now: number) => Effect.Effect<Published, StorageUnavailableError>
  /** Live messages on these topics that `clientId` has neither published nor acknowledged, oldest first. */
  readonly pendingFor: (topics: ReadonlyArray<string>, clientId: string, now: number) => Effect.Effect<ReadonlyArray<StoredMessage>, StorageUnavailableError>
  /** A live message by id, if it still is. */
  readonly byId: (id: number, now: number) => Effect.Effect<StoredMessage | undefined, StorageUnavailableError>
  /** Records that `clientId` has these messages (it acknowledged their push, or fetched them). */
  readonly markReceived: (ids: ReadonlyArray<number>, clientId: string) => Effect.Effect<void, StorageUnavailableError>
  /** Drops expired messages, then the oldest while more than `maxStoredBytes` are kept. */
  readonly sweep: (now: number) => Effect.Effect<void, StorageUnavailableError>
  readonly size: Effect.Effect<{ readonly messages: number; readonly bytes: number }, StorageUnavailableError>
  readonly close: Effect.Effect<void>
}

/** A message's size as bounds count it: its UTF-8 bytes. */
export const byteSize = (message: string): number => Buffer.byteLength(message, "utf8")
