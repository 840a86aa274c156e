/**
 * The relay client against a fake socket: reconnect waits are bounded, whatever arrives from the wire
 * (garbage included) never throws and only well-formed pushes of followed topics reach the client, and
 * requests made while offline go out once the socket opens, after the topics are followed again.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as RelayClient from "../../../core/walletconnect/RelayClient.ts"
import * as RelayAuth from "../../../core/walletconnect/RelayAuth.ts"

type Listener = (event: { readonly data: unknown }) => void

/** A socket the test drives: it records what the client sends and delivers what the test says. */
const fakeSocket = () => {
  const listeners = new Map<string, Array<Listener>>()
  const sent: Array<string> = []
  const socket: RelayClient.Socket & { readyState: number } = {
    readyState: 0,
    send: (data) => void sent.push(data),
    close: () => {
      socket.readyState = 3
    },
    addEventListener: (type: string, listener: Listener) => void listeners.set(type, [...(listeners.get(type) ?? []), listener])
  }
  const fire = (type: string, data?: unknown) => {
    for (const listener of listeners.get(type) ?? []) listener({ data })
  }
  return {
    socket,
    sent,
    open: () => {
      socket.readyState = 1
      fire("open")
    },
    receive: (data: unknown) => fire("message", data),
    drop: () => {
      socket.readyState = 3
      fire("close")
    }
  }
}

const client = (onPush: (push: RelayClient.Push) => void = () => undefined, backoff = { initialMillis: 1, maxMillis: 4 }) => {
  const sockets: Array<ReturnType<typeof fakeSocket>> = []
  const relay = RelayClient.make({
    relayUrl: "ws://relay.test",
    projectId: "p",
    seed: RelayAuth.generateSeed(),
    onPush,
    backoff,
    openSocket: () => {
      const made = fakeSocket()
      sockets.push(made)
      return made.socket
    }
  })
  return { relay, sockets }
}

const topic = "ab".repeat(32)

describe("RelayClient", () => {
  it("waits between half and all of a doubling wait capped at the maximum", () => {
    fc.assert(fc.property(fc.nat(1000), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, initialMillis, extra, random) => {
      const maxMillis = initialMillis + extra
      const delay = RelayClient.backoffDelay(attempt, { initialMillis, maxMillis }, random)
      const ceiling = Math.min(maxMillis, initialMillis * 2 ** attempt)
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2)
      expect(delay).toBeLessThanOrEqual(maxMillis)
      expect(Number.isFinite(delay)).toBe(true)
    }))
  })

  it("never throws on garbage and hands over only well-formed pushes of followed topics, acknowledging each push", async () => {
    const pushes: Array<RelayClient.Push> = []
    const { relay, sockets } = client((push) => pushes.push(push))
    void relay.subscribe(topic).catch(() => undefined)
    const [link] = sockets
    link?.open()
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null), fc.integer()), (data) => {
      expect(() => link?.receive(data)).not.toThrow()
    }))
    expect(pushes).toEqual([])
    const push = (pushTopic: string, id: number) =>
      link?.receive(JSON.stringify({ id, jsonrpc: "2.0", method: "irn_subscription", params: { id: "s", data: { topic: pushTopic, message: "m", publishedAt: 1, tag: 1108 } } }))
    push("cd".repeat(32), 1)
    push(topic, 2)
    expect(pushes).toEqual([{ topic, message: "m", publishedAt: 1, tag: 1108 }])
    // Both pushes acknowledged, the unfollowed one too (the relay would otherwise redeliver it).
    expect(link?.sent.filter((frame) => /"result":true/.test(frame)).map((frame) => (JSON.parse(frame) as { id: number }).id)).toEqual([1, 2])
    relay.close()
  })

  it("sends what was asked while offline once a new socket opens, after following its topics again", async () => {
    const { relay, sockets } = client()
    const subscribed = relay.subscribe(topic)
    sockets[0]?.open()
    const [subscribe] = sockets[0]?.sent ?? []
    sockets[0]?.receive(JSON.stringify({ id: (JSON.parse(subscribe ?? "{}") as { id: number }).id, jsonrpc: "2.0", result: "sub-1" }))
    await subscribed
    sockets[0]?.drop()
    const published = relay.publish(topic, "hello", { ttl: 300, tag: 1108 })
    await expect.poll(() => sockets.length, { timeout: 1000 }).toBe(2)
    const second = sockets[1]
    second?.open()
    const methods = (second?.sent ?? []).map((frame) => JSON.parse(frame) as { id: number; method: string })
    expect(methods.map((frame) => frame.method)).toEqual(["irn_subscribe", "irn_publish"])
    const publish = methods[1]
    second?.receive(JSON.stringify({ id: publish?.id, jsonrpc: "2.0", result: true }))
    await published
    relay.close()
    await expect(relay.publish(topic, "late", { ttl: 300, tag: 1108 })).rejects.toMatchObject({ _tag: "RelayError" })
  })

  it("woken when the page is back, replaces a socket that died meanwhile at once instead of after the backoff", async () => {
    const hour = 3_600_000
    const { relay, sockets } = client(() => undefined, { initialMillis: hour, maxMillis: hour })
    const subscribed = relay.subscribe(topic)
    sockets[0]?.open()
    const first = JSON.parse(sockets[0]?.sent[0] ?? "{}") as { id: number }
    sockets[0]?.receive(JSON.stringify({ id: first.id, jsonrpc: "2.0", result: "sub" }))
    await subscribed
    // Closed while the page was frozen: the backoff would wait an hour.
    sockets[0]?.drop()
    relay.wake()
    expect(sockets.length).toBe(2)
    sockets[1]?.open()
    expect((sockets[1]?.sent ?? []).map((frame) => (JSON.parse(frame) as { method: string }).method)).toEqual(["irn_subscribe"])
    // A socket the browser closed without saying so yet is replaced too; an open one is left alone.
    relay.wake()
    expect(sockets.length).toBe(2)
    if (sockets[1] !== undefined) sockets[1].socket.readyState = 3
    relay.wake()
    expect(sockets.length).toBe(3)
    relay.close()
  })
})
