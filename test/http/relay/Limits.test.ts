/**
 * The relay's bounds and abuse limits, each with the client that crosses it and a neighbour that must not
 * notice: the publish rate per client (on the relay's clock), tokens that are forged, expired or minted for
 * another relay, oversize messages (in UTF-8 bytes), subscriptions per client, sockets per process; and the
 * figures an operator reads about all of it.
 */
import { afterEach, describe, expect, it } from "vitest"
import { generateSeed } from "../../../core/walletconnect/RelayAuth.ts"
import { startRelay, type Relay, type RelayServices } from "../../../http/relay/Relay.ts"
import type { RelayOptions } from "../../../http/relay/RelayOptions.ts"
import { manualClock } from "./support/ManualClock.ts"
import * as Raw from "./support/RawClient.ts"

const { topic } = Raw

describe("the relay's limits", () => {
  let running: Relay | undefined
  const time = manualClock()
  const start = async (options: RelayOptions, services: RelayServices = { clock: time.clock }) => {
    running = await startRelay(options, services)
    return running
  }
  const client = (relay: Relay, seed = generateSeed()) => Raw.connect(relay.url, Raw.token({ seed, audience: relay.publicUrl, issuedAt: time.seconds() }))
  afterEach(async () => {
    await running?.stop()
    running = undefined
  })

  it("refuses a client's publishes over its rate with -32005 while other clients go on, until its bucket refills", async () => {
    const relay = await start({ limits: { publishRate: { requests: 3, perSeconds: 60 } } })
    const flooder = await client(relay)
    const neighbour = await client(relay)
    const listener = await client(relay)
    await listener.request("irn_subscribe", { topic: topic("rate") })
    for (const message of ["1", "2", "3"]) expect((await flooder.request("irn_publish", { topic: topic("rate"), message, ttl: 60 })).result).toBe(true)
    const refused = await flooder.request("irn_publish", { topic: topic("rate"), message: "4", ttl: 60 })
    expect(refused.error).toEqual({ code: -32005, message: "Rate limit exceeded: retry in 20 s" })
    // A batch costs one publish per message: refused whole.
    expect((await flooder.request("irn_batchPublish", { messages: [{ topic: topic("rate"), message: "5", ttl: 60 }] })).error?.code).toBe(-32005)
    expect((await neighbour.request("irn_publish", { topic: topic("rate"), message: "n", ttl: 60 })).result).toBe(true)
    expect((await listener.pushes()).map((push) => push.params?.data["message"])).toEqual(["1", "2", "3", "n"])

    time.advance(20_000)
    expect((await flooder.request("irn_publish", { topic: topic("rate"), message: "6", ttl: 60 })).result).toBe(true)
    expect((await flooder.request("irn_publish", { topic: topic("rate"), message: "7", ttl: 60 })).error?.code).toBe(-32005)
  })

  it("counts a client's publishes over all its sockets", async () => {
    const relay = await start({ limits: { publishRate: { requests: 2, perSeconds: 60 } } })
    const seed = generateSeed()
    const [first, second] = [await client(relay, seed), await client(relay, seed)]
    expect((await first.request("irn_publish", { topic: topic("shared"), message: "a", ttl: 60 })).result).toBe(true)
    expect((await second.request("irn_publish", { topic: topic("shared"), message: "b", ttl: 60 })).result).toBe(true)
    expect((await second.request("irn_publish", { topic: topic("shared"), message: "c", ttl: 60 })).error?.code).toBe(-32005)
  })

  it("refuses with HTTP 401 a token that is forged, expired on the relay's clock, or minted for another relay", async () => {
    const relay = await start({})
    const valid = Raw.token({ audience: relay.publicUrl, issuedAt: time.seconds() })
    const [header, payload, signature] = valid.split(".")
    // One character of the signature's first bytes changed (the last characters carry padding bits a decoder may ignore).
    const forged = `${signature?.slice(0, 10)}${signature?.[10] === "A" ? "B" : "A"}${signature?.slice(11)}`
    expect(await Raw.refusedStatus(relay.url, `?auth=${header}.${payload}.${forged}`)).toBe(401)
    expect(await Raw.refusedStatus(relay.url, `?auth=${Raw.token({ audience: relay.publicUrl, issuedAt: time.seconds() - 120, ttlSeconds: 60 })}`)).toBe(401)
    expect(await Raw.refusedStatus(relay.url, `?auth=${Raw.token({ audience: "wss://relay.walletconnect.org", issuedAt: time.seconds() })}`)).toBe(401)
    expect(await Raw.refusedStatus(relay.url, `?auth=${Raw.token({ audience: relay.url.replace(/:\d+$/, ":1"), issuedAt: time.seconds() })}`)).toBe(401)
    // Behind a proxy the relay's public URL is the audience, not where it listens.
    const proxied = await startRelay({ publicUrl: "wss://relay.example.com" }, { clock: time.clock })
    try {
      expect(await Raw.refusedStatus(proxied.url, `?auth=${Raw.token({ audience: proxied.url, issuedAt: time.seconds() })}`)).toBe(401)
      const accepted = await Raw.connect(proxied.url, Raw.token({ audience: "wss://relay.example.com/", issuedAt: time.seconds() }))
      expect((await accepted.request("irn_subscribe", { topic: topic("proxied") })).error).toBeUndefined()
    } finally {
      await proxied.stop()
    }
    const figures = await relay.figures()
    expect(figures.refusedByReason).toEqual({ RelayAuthError: 4 })
    expect(figures.openSockets).toBe(0)
  })

  it("refuses a message over maxMessageBytes, counted in UTF-8 bytes, and keeps the socket", async () => {
    const relay = await start({ limits: { maxMessageBytes: 1000 } })
    const publisher = await client(relay)
    expect((await publisher.request("irn_publish", { topic: topic("size"), message: "é".repeat(500), ttl: 60 })).result).toBe(true)
    const refused = await publisher.request("irn_publish", { topic: topic("size"), message: "é".repeat(501), ttl: 60 })
    expect(refused.error).toEqual({ code: -32602, message: "Message too large: 1002 bytes, at most 1000" })
    const settle = await publisher.request("wc_approveSession", {
      sessionTopic: topic("session"),
      pairingTopic: topic("pairing"),
      sessionProposalResponse: "ok",
      sessionSettlementRequest: "x".repeat(1001),
      ttl: 60
    })
    expect(settle.error?.code).toBe(-32602)
    // Nothing of a refused batch is kept.
    const reader = await client(relay)
    const fetched = await reader.request("irn_batchFetchMessages", { topics: [topic("size"), topic("pairing")] })
    expect(fetched.result).toEqual({ messages: [expect.objectContaining({ message: "é".repeat(500) })], hasMore: false })
  })

  it("bounds the topics a client listens to over all its sockets", async () => {
    const relay = await start({ limits: { maxSubscriptionsPerClient: 2 } })
    const seed = generateSeed()
    const first = await client(relay, seed)
    const second = await client(relay, seed)
    const a = await first.request("irn_subscribe", { topic: topic("a") })
    expect((await second.request("irn_batchSubscribe", { topics: [topic("a"), topic("b")] })).result).toHaveLength(2)
    const refused = await first.request("irn_subscribe", { topic: topic("c") })
    expect(refused.error).toEqual({ code: -32005, message: "Too many subscriptions: at most 2 topics per client" })
    expect((await (await client(relay)).request("irn_subscribe", { topic: topic("c") })).error).toBeUndefined()
    // Only when no socket of the client listens to "a" any more is there room again.
    await first.request("irn_unsubscribe", { topic: topic("a"), id: a.result })
    expect((await first.request("irn_subscribe", { topic: topic("c") })).error?.code).toBe(-32005)
    second.socket.close()
    await second.closed
    expect((await first.request("irn_subscribe", { topic: topic("c") })).error).toBeUndefined()
  })

  it("answers upgrades over maxSockets with HTTP 503", async () => {
    const relay = await start({ limits: { maxSockets: 2 } })
    await client(relay)
    const second = await client(relay)
    expect(await Raw.refusedStatus(relay.url, `?auth=${Raw.token({ audience: relay.publicUrl, issuedAt: time.seconds() })}`)).toBe(503)
    second.socket.close()
    await second.closed
    await client(relay)
    expect((await relay.figures()).refusedByReason).toEqual({ TooManySockets: 1 })
  })

  it("cuts off a socket that leaves more than maxBufferedBytes unread, and keeps serving the others", async () => {
    // Pings far apart: only the buffer bound can cut the stalled socket within the test.
    const relay = await start({ pingIntervalMs: 600_000, limits: { maxBufferedBytes: 256 * 1024 } })
    const stalled = await client(relay)
    const reader = await client(relay)
    const publisher = await client(relay)
    for (const listener of [stalled, reader]) await listener.request("irn_subscribe", { topic: topic("flood") })
    // The stalled client stops reading: what the relay sends it piles up in the kernel's buffers, then in the relay's.
    stalled.socket.pause()
    for (let index = 0; index < 40; index++) {
      await publisher.request("irn_publish", { topic: topic("flood"), message: `${index}:${"x".repeat(256 * 1024)}`, ttl: 60 })
    }
    await expect.poll(async () => (await relay.figures()).openSockets, { timeout: 20_000 }).toBe(2)
    const received = await reader.pushes()
    expect(received).toHaveLength(40)
  }, 60_000)

  it("pushes no more to a socket with 1024 unacknowledged pushes until it acknowledges; its next subscribe hands over the rest", async () => {
    const relay = await start({ limits: { maxMessagesPerTopic: 2000, publishRate: { requests: 2000, perSeconds: 1 } } })
    const silent = await client(relay)
    const publisher = await client(relay)
    await silent.request("irn_subscribe", { topic: topic("unanswered") })
    const messages = Array.from({ length: 1030 }, (_, index) => ({ topic: topic("unanswered"), message: `m${index}`, ttl: 60 }))
    for (let from = 0; from < messages.length; from += 500) await publisher.request("irn_batchPublish", { messages: messages.slice(from, from + 500) })
    const pushed = await silent.pushes()
    expect(pushed.map((push) => push.params?.data["message"])).toEqual(messages.slice(0, 1024).map(({ message }) => message))
    await silent.request("irn_subscribe", { topic: topic("unanswered") })
    expect(await silent.pushes()).toHaveLength(1024)
    for (const push of pushed.slice(0, 6)) silent.ack(push)
    await silent.request("irn_subscribe", { topic: topic("unanswered") })
    expect((await silent.pushes()).slice(1024).map((push) => push.params?.data["message"])).toEqual(["m1024", "m1025", "m1026", "m1027", "m1028", "m1029"])
  })

  it("reads its figures: sockets, listened topics, stored messages, published, delivered and refused", async () => {
    const relay = await start({ limits: { maxMessageBytes: 10 } })
    const publisher = await client(relay)
    const reader = await client(relay)
    const fetcher = await client(relay)
    await reader.request("irn_batchSubscribe", { topics: [topic("f1"), topic("f2")] })
    await publisher.request("irn_publish", { topic: topic("f1"), message: "one", ttl: 60 })
    await publisher.request("irn_publish", { topic: topic("f1"), message: "one", ttl: 60 })
    await publisher.request("irn_publish", { topic: topic("f2"), message: "two", ttl: 60 })
    await publisher.request("irn_publish", { topic: topic("f2"), message: "much too long", ttl: 60 })
    await publisher.request("irn_nope", {})
    const pushes = await reader.pushes()
    reader.ack(pushes[0] as Raw.Frame)
    await fetcher.request("irn_batchFetchMessages", { topics: [topic("f1"), topic("f2")] })
    await reader.pushes()
    expect(await relay.figures()).toEqual({
      openSockets: 3,
      topicsWithSubscribers: 2,
      messagesStored: 2,
      bytesStored: 6,
      published: 2,
      delivered: 3,
      refused: 2,
      refusedByReason: { MessageTooLargeError: 1, MethodNotFoundError: 1 }
    })
  })
})
