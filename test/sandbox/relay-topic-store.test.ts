/**
 * The relay's mailbox on its own, with a hand-driven clock: TTL expiry, per-client receipt, republish dedupe,
 * and the three memory bounds (messages per topic, topics, bytes).
 */
import { describe, expect, it } from "vitest"
import * as TopicStore from "../../sandbox/relay/TopicStore.ts"

const clock = () => {
  let now = 1_000_000
  return { now: () => now, advance: (ms: number) => void (now += ms) }
}

const bodies = (messages: ReadonlyArray<TopicStore.StoredMessage>) => messages.map((stored) => stored.message)

describe("TopicStore", () => {
  it("keeps a message until its TTL ends, then drops it", () => {
    const time = clock()
    const store = TopicStore.make({ now: time.now })
    store.publish({ topic: "t", message: "m", ttl: 10 }, "publisher")
    time.advance(9_999)
    expect(bodies(store.pendingFor("t", "reader"))).toEqual(["m"])
    time.advance(1)
    expect(store.pendingFor("t", "reader")).toEqual([])
    store.sweep()
    expect(store.size()).toEqual({ topics: 0, messages: 0, bytes: 0 })
  })

  it("hands a message to each client until that client has received it, never to its publisher", () => {
    const store = TopicStore.make({ now: clock().now })
    const stored = store.publish({ topic: "t", message: "m", ttl: 60, tag: 1102 }, "publisher")
    expect(stored).toMatchObject({ topic: "t", message: "m", tag: 1102, publishedAt: 1_000_000 })
    expect(store.pendingFor("t", "publisher")).toEqual([])
    store.markReceived("t", "m", "a")
    expect(store.pendingFor("t", "a")).toEqual([])
    expect(bodies(store.pendingFor("t", "b"))).toEqual(["m"])
  })

  it("treats a republished identical message as the same message", () => {
    const store = TopicStore.make({ now: clock().now })
    const first = store.publish({ topic: "t", message: "m", ttl: 60 }, "publisher")
    expect(store.publish({ topic: "t", message: "m", ttl: 60 }, "publisher")).toBe(first)
    expect(store.size().messages).toBe(1)
  })

  it("bounds messages per topic, topics and bytes, dropping the oldest first", () => {
    const perTopic = TopicStore.make({ now: clock().now, maxMessagesPerTopic: 2 })
    for (const message of ["1", "2", "3"]) perTopic.publish({ topic: "t", message, ttl: 60 }, "p")
    expect(bodies(perTopic.pendingFor("t", "r"))).toEqual(["2", "3"])

    const topics = TopicStore.make({ now: clock().now, maxTopics: 2 })
    for (const topic of ["a", "b", "a", "c"]) topics.publish({ topic, message: `${topic}-${Math.random()}`, ttl: 60 }, "p")
    // "b" was published to least recently when "c" arrived.
    expect(topics.pendingFor("b", "r")).toEqual([])
    expect(topics.pendingFor("a", "r")).toHaveLength(2)
    expect(topics.size().topics).toBe(2)

    const bytes = TopicStore.make({ now: clock().now, maxBytes: 10 })
    bytes.publish({ topic: "a", message: "aaaa", ttl: 60 }, "p")
    bytes.publish({ topic: "b", message: "bbbb", ttl: 60 }, "p")
    bytes.publish({ topic: "c", message: "cccc", ttl: 60 }, "p")
    expect(bytes.pendingFor("a", "r")).toEqual([])
    expect(bodies(bytes.pendingFor("c", "r"))).toEqual(["cccc"])
    expect(bytes.size().bytes).toBeLessThanOrEqual(10)
  })
})
