/**
 * The relay inside one process: its sockets, who listens to what, and the way messages travel between
 * them and the store. A publish is stored first (answered only once kept), then pushed to this process's
 * listeners; other processes push it when the database announces it (`announced`). Pushes await the
 * client's `true`; an acknowledged push, or a fetched message, is recorded in the store for that client,
 * so it is never handed to it again, and anything unacknowledged is handed over again on its next subscribe.
 *
 * Every write the sockets start is tracked, so that a graceful stop can wait for them (`settled`).
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { makeRateLimiter } from "../server/RateLimiter.ts"
import * as Connection from "./Connection.ts"
import type { MessageStore, Publish, StoredMessage } from "./MessageStore.ts"
import { byteSize } from "./MessageStore.ts"
import type { RelayLimits } from "./RelayLimits.ts"
import type { Counters } from "./RelayFigures.ts"
import * as Frame from "./RelayFrame.ts"
import { MessageTooLargeError, RateLimitedError, type StorageUnavailableError, type TooManySubscriptionsError } from "./RelayRefusal.ts"
import type { Announcement } from "./PostgresFeed.ts"
import * as Subscriptions from "./Subscriptions.ts"

export interface HubOptions {
  readonly store: MessageStore
  readonly limits: Required<RelayLimits>
  readonly now: () => number
  readonly counters: Counters
}

export interface FetchAnswer {
  readonly messages: ReadonlyArray<Frame.Delivery>
  readonly hasMore: boolean
}

/** Most messages one fetch answers; `hasMore` tells the client to fetch again. */
const maxFetched = 500
/**
 * Most pushes one socket may leave unacknowledged: beyond, it is pushed nothing more until it acknowledges
 * (what it missed stays pending and is handed over on its next subscribe), so a client that never answers
 * costs bounded memory.
 */
const maxInFlight = 1024

const delivery = ({ topic, message, publishedAt, tag, attestation }: StoredMessage): Frame.Delivery => ({
  topic,
  message,
  publishedAt,
  tag,
  ...(attestation === undefined ? {} : { attestation })
})

export const make = (options: HubOptions) => {
  const { store, limits, now, counters } = options
  const connections = new Set<Connection.Connection>()
  const subscriptions = Subscriptions.make(limits.maxSubscriptionsPerClient)
  const publishes = makeRateLimiter(limits.publishRate)
  const writes = new Set<Promise<unknown>>()
  let nextPushId = 1

  /** Runs a store effect that nobody awaits, tracked until it settles; a failure leaves the message pending. */
  const track = <A>(effect: Effect.Effect<A, StorageUnavailableError>, then: (value: A) => void = () => undefined): void => {
    const running = Effect.runPromiseExit(effect).then((exit) => {
      if (Exit.isSuccess(exit)) then(exit.value)
    })
    writes.add(running)
    void running.finally(() => writes.delete(running))
  }

  const send = (connection: Connection.Connection, text: string): void => Connection.send(connection, text, limits.maxBufferedBytes)

  const deliver = (connection: Connection.Connection, stored: StoredMessage): void => {
    if (stored.publisher === connection.clientId || connection.inFlight.size >= maxInFlight) return
    for (const pending of connection.inFlight.values()) if (pending === stored.id) return
    const pushId = nextPushId++
    connection.inFlight.set(pushId, stored.id)
    send(connection, Frame.subscription(pushId, Subscriptions.subscriptionId(stored.topic, connection.clientId), delivery(stored)))
  }

  const subscribe = (connection: Connection.Connection, topic: string): Effect.Effect<string, TooManySubscriptionsError> => {
    const added = subscriptions.add(connection, topic)
    return typeof added === "string" ? Effect.succeed(added) : Effect.fail(added)
  }

  /** Pushes what waits on these topics for the connection's client. */
  const handOver = (connection: Connection.Connection, topics: ReadonlyArray<string>) =>
    Effect.suspend(() => store.pendingFor(topics, connection.clientId, now())).pipe(
      Effect.map((waiting) => {
        for (const stored of waiting) if (connection.subscriptions.has(Subscriptions.subscriptionId(stored.topic, connection.clientId))) deliver(connection, stored)
      })
    )

  const admit = (connection: Connection.Connection, messages: ReadonlyArray<Publish>): Effect.Effect<void, MessageTooLargeError | RateLimitedError> => {
    for (const { message } of messages) {
      const size = byteSize(message)
      if (size > limits.maxMessageBytes) return Effect.fail(MessageTooLargeError.of(size, limits.maxMessageBytes))
    }
    for (let taken = 0; taken < messages.length; taken++) {
      const wait = publishes.take(connection.clientId, now())
      if (wait > 0) return Effect.fail(RateLimitedError.of(wait))
    }
    return Effect.void
  }

  /** Stores each message in order, then pushes the new ones to this process's listeners. */
  const publish = Effect.fnUntraced(function* (connection: Connection.Connection, messages: ReadonlyArray<Publish>) {
    yield* admit(connection, messages)
    for (const message of messages) {
      const { stored, fresh } = yield* store.publish(message, connection.clientId, now())
      if (!fresh) continue
      counters.published += 1
      for (const listener of subscriptions.listeners(stored.topic)) deliver(listener, stored)
    }
  })

  const fetch = Effect.fnUntraced(function* (connection: Connection.Connection, topics: ReadonlyArray<string>) {
    const waiting = yield* store.pendingFor(topics, connection.clientId, now())
    const answered = waiting.slice(0, maxFetched)
    yield* store.markReceived(answered.map((stored) => stored.id), connection.clientId)
    counters.delivered += answered.length
    return { messages: answered.map(delivery), hasMore: waiting.length > answered.length } satisfies FetchAnswer
  })

  const acknowledge = (connection: Connection.Connection, pushId: number, ok: boolean): void => {
    const messageId = connection.inFlight.get(pushId)
    if (messageId === undefined) return
    connection.inFlight.delete(pushId)
    if (!ok) return
    counters.delivered += 1
    track(store.markReceived([messageId], connection.clientId))
  }

  /** Another process stored a message: push it to this process's listeners of its topic. */
  const announced = (announcement: Announcement): void => {
    const listening = [...subscriptions.listeners(announcement.topic)]
    if (listening.length === 0) return
    track(store.byId(announcement.id, now()), (stored) => {
      if (stored !== undefined) for (const listener of listening) deliver(listener, stored)
    })
  }

  /** Announcements may have been missed: every socket is handed what waits on its topics, in its request order. */
  const resync = (): void => {
    for (const connection of connections) {
      const topics = [...new Set(connection.subscriptions.values())]
      if (topics.length > 0) Connection.enqueue(connection, () => Effect.runPromise(Effect.ignore(handOver(connection, topics))))
    }
  }

  return {
    connections,
    subscriptions,
    send,
    subscribe,
    handOver,
    publish,
    fetch,
    acknowledge,
    announced,
    resync,
    opened: (connection: Connection.Connection) => void connections.add(connection),
    closed: (connection: Connection.Connection) => {
      connections.delete(connection)
      subscriptions.removeAll(connection)
    },
    /** Settles once every write started so far (and every socket's queued requests) has. */
    settled: async (): Promise<void> => {
      while (writes.size > 0 || [...connections].some((connection) => connection.queued > 0)) {
        await Promise.allSettled([...writes, ...[...connections].map((connection) => connection.tail)])
      }
    }
  }
}

export type Hub = ReturnType<typeof make>
