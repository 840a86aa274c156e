/**
 * The relay's own rules, driven by raw WebSocket clients that sign their tokens with core/walletconnect/RelayAuth.ts:
 * mailbox delivery on late subscribe, TTL expiry on the relay's clock, per-client dedupe, the implicit
 * subscribe of wc_approveSession, bounded topics, token checks, malformed frames and dead sockets
 * (messages in memory here; Persistence.test.ts and MultiProcess.test.ts cover the databases).
 */
import { afterEach, describe, expect, it } from "vitest"
import { WebSocket, type ClientOptions } from "ws"
import { generateSeed } from "../../../core/walletconnect/RelayAuth.ts"
import { startRelay, type Relay, type RelayServices } from "../../../http/relay/Relay.ts"
import type { RelayOptions } from "../../../http/relay/RelayOptions.ts"
import * as Raw from "./support/RawClient.ts"
import { manualClock } from "./support/ManualClock.ts"

const { topic } = Raw
const connect = (relay: Relay, auth: string, options: ClientOptions = {}) => Raw.connect(relay.url, auth, options)
const refusedStatus = (relay: Relay, query: string) => Raw.refusedStatus(relay.url, query)

describe("the WalletConnect relay's protocol", () => {
  let running: Relay | undefined
  const start = async (options: RelayOptions = {}, services: RelayServices = {}) => {
    running = await startRelay(options, services)
    return running
  }
  /** A token for the running relay, from a fresh key unless one is given. */
  const token = (seed = generateSeed(), ttlSeconds = 86_400, issuedAt = Math.floor(Date.now() / 1000)) =>
    Raw.token({ seed, audience: running?.publicUrl ?? "", ttlSeconds, issuedAt })
  afterEach(async () => {
    await running?.stop()
    running = undefined
  })

  it("hands messages published before a subscribe over to the late subscriber, once per client", async () => {
    const relay = await start()
    const publisherKey = generateSeed()
    const subscriberKey = generateSeed()
    const publisher = await connect(relay, token(publisherKey))
    await publisher.request("irn_subscribe", { topic: topic("a") })
    const published = await publisher.request("irn_publish", { topic: topic("a"), message: "hello", ttl: 300, tag: 1102 })
    expect(published.result).toBe(true)

    const subscriber = await connect(relay, token(subscriberKey))
    const subscribed = await subscriber.request("irn_subscribe", { topic: topic("a") })
    expect(typeof subscribed.result).toBe("string")
    const [push] = await subscriber.pushes()
    expect(push?.params?.id).toBe(subscribed.result)
    expect(push?.params?.data).toMatchObject({ topic: topic("a"), message: "hello", tag: 1102 })
    expect(typeof push?.params?.data["publishedAt"]).toBe("number")
    if (push !== undefined) subscriber.ack(push)
    // The publisher never receives its own message.
    expect(await publisher.pushes()).toEqual([])

    // The same client on a new socket has acknowledged it already; a different client still gets it.
    await subscriber.request("irn_unsubscribe", { topic: topic("a"), id: subscribed.result })
    subscriber.socket.close()
    const again = await connect(relay, token(subscriberKey))
    await again.request("irn_subscribe", { topic: topic("a") })
    expect(await again.pushes()).toEqual([])
    const other = await connect(relay, token())
    await other.request("irn_batchSubscribe", { topics: [topic("a")] })
    expect(await other.pushes()).toHaveLength(1)
  })

  it("redelivers a message whose push was never acknowledged", async () => {
    const relay = await start()
    const key = generateSeed()
    const publisher = await connect(relay, token())
    await publisher.request("irn_publish", { topic: topic("r"), message: "settle", ttl: 300 })
    const first = await connect(relay, token(key))
    await first.request("irn_subscribe", { topic: topic("r") })
    expect(await first.pushes()).toHaveLength(1)
    first.socket.terminate()
    const second = await connect(relay, token(key))
    await second.request("irn_subscribe", { topic: topic("r") })
    expect(await second.pushes()).toHaveLength(1)
  })

  it("pushes a message to every current subscriber as it is published", async () => {
    const relay = await start()
    const listener = await connect(relay, token())
    await listener.request("irn_subscribe", { topic: topic("live") })
    const publisher = await connect(relay, token())
    await publisher.request("irn_batchPublish", { messages: [{ topic: topic("live"), message: "m1", ttl: 60 }] })
    const push = await listener.waitFor((frame) => frame.method === "irn_subscription")
    expect(push.params?.data["message"]).toBe("m1")
  })

  it("drops messages whose TTL ran out on the relay's clock", async () => {
    const time = manualClock()
    const relay = await start({}, { clock: time.clock })
    const publisher = await connect(relay, token(generateSeed(), 86_400, time.seconds()))
    await publisher.request("irn_publish", { topic: topic("ttl"), message: "short", ttl: 30 })
    await publisher.request("irn_publish", { topic: topic("ttl"), message: "long", ttl: 300 })

    time.advance(29_000)
    const early = await connect(relay, token(generateSeed(), 86_400, time.seconds()))
    await early.request("irn_subscribe", { topic: topic("ttl") })
    expect((await early.pushes()).map((push) => push.params?.data["message"])).toEqual(["short", "long"])

    time.advance(2_000)
    const late = await connect(relay, token(generateSeed(), 86_400, time.seconds()))
    await late.request("irn_subscribe", { topic: topic("ttl") })
    expect((await late.pushes()).map((push) => push.params?.data["message"])).toEqual(["long"])
    const fetched = await late.request("irn_batchFetchMessages", { topics: [topic("ttl")] })
    expect(fetched.result).toMatchObject({ messages: [{ message: "long" }], hasMore: false })

    time.advance(300_000)
    const expired = await connect(relay, token(generateSeed(), 86_400, time.seconds()))
    expect((await expired.request("irn_batchFetchMessages", { topics: [topic("ttl")] })).result).toEqual({
      messages: [],
      hasMore: false
    })
  })

  it("keeps at most maxMessagesPerTopic messages per topic, the newest", async () => {
    const relay = await start({ limits: { maxMessagesPerTopic: 3 } })
    const publisher = await connect(relay, token())
    for (const message of ["1", "2", "3", "4", "5"]) {
      await publisher.request("irn_publish", { topic: topic("cap"), message, ttl: 300 })
    }
    const reader = await connect(relay, token())
    const fetched = await reader.request("irn_batchFetchMessages", { topics: [topic("cap")] })
    const { messages } = fetched.result as { messages: Array<{ message: string }> }
    expect(messages.map((stored) => stored.message)).toEqual(["3", "4", "5"])
  })

  it("subscribes the sender of wc_proposeSession and wc_approveSession to their topics", async () => {
    const relay = await start()
    const dapp = await connect(relay, token())
    const wallet = await connect(relay, token())
    const pairing = topic("pairing")
    const session = topic("session")

    await dapp.request("wc_proposeSession", { pairingTopic: pairing, sessionProposal: "proposal", ttl: 300 })
    await wallet.request("irn_subscribe", { topic: pairing })
    expect((await wallet.pushes()).map((push) => push.params?.data)).toMatchObject([{ message: "proposal", tag: 1100 }])

    const approved = await wallet.request("wc_approveSession", {
      sessionTopic: session,
      pairingTopic: pairing,
      sessionProposalResponse: "response",
      sessionSettlementRequest: "settle",
      ttl: 300
    })
    expect(approved.result).toBe(true)
    const response = await dapp.waitFor((frame) => frame.params?.data["message"] === "response")
    expect(response.params?.data["tag"]).toBe(1101)

    // The dapp subscribes to the session topic only after the settle was published.
    await dapp.request("irn_subscribe", { topic: session })
    expect((await dapp.pushes()).find((push) => push.params?.data["topic"] === session)?.params?.data).toMatchObject({
      message: "settle",
      tag: 1102
    })
    // The wallet listens on the session topic without having subscribed itself.
    await dapp.request("irn_publish", { topic: session, message: "request", ttl: 300 })
    await wallet.waitFor((frame) => frame.params?.data["message"] === "request")
  })

  it("refuses connections without a valid, unexpired token with HTTP 401", async () => {
    const relay = await start()
    expect(await refusedStatus(relay, "")).toBe(401)
    expect(await refusedStatus(relay, "?auth=not-a-jwt")).toBe(401)
    const [header, payload, signature] = (token()).split(".")
    const forged = `${header}.${payload}.${signature?.split("").toReversed().join("")}`
    expect(await refusedStatus(relay, `?auth=${forged}`)).toBe(401)
    const otherIssuer = (token()).split(".")[1]
    expect(await refusedStatus(relay, `?auth=${header}.${otherIssuer}.${signature}`)).toBe(401)
    const expired = token(generateSeed(), 60, Math.floor(Date.now() / 1000) - 120)
    expect(await refusedStatus(relay, `?auth=${expired}`)).toBe(401)
  })

  it("answers a load balancer's /health with 200 and other plain HTTP with 426", async () => {
    const relay = await start()
    const http = relay.url.replace(/^ws:/, "http:")
    const health = await fetch(`${http}/health`)
    expect([health.status, await health.text()]).toEqual([200, "ok\n"])
    expect((await fetch(`${http}/`)).status).toBe(426)
  })

  it("answers malformed frames with JSON-RPC errors and keeps the socket usable", async () => {
    const relay = await start()
    const client = await connect(relay, token())

    client.socket.send("{not json")
    const parseError = await client.waitFor((frame) => frame.error?.code === -32700)
    expect(parseError.id).toBeNull()

    client.socket.send(JSON.stringify({ id: 7, jsonrpc: "1.0", method: "irn_subscribe" }))
    expect((await client.waitFor((frame) => frame.id === 7)).error?.code).toBe(-32600)

    expect((await client.request("irn_publish", { topic: "", message: "x", ttl: -1 })).error?.code).toBe(-32602)
    expect((await client.request("irn_subscribe", null)).error?.code).toBe(-32602)
    expect((await client.request("irn_nope", {})).error?.code).toBe(-32601)
    expect((await client.request("toString", {})).error?.code).toBe(-32601)

    const subscribed = await client.request("irn_subscribe", { topic: topic("ok") })
    expect(subscribed.error).toBeUndefined()
    expect(client.socket.readyState).toBe(WebSocket.OPEN)
  })

  it("cuts off a socket that sends an oversized frame and keeps serving everyone else", async () => {
    const relay = await start()
    const flooder = await connect(relay, token())
    const neighbour = await connect(relay, token())
    const closed = new Promise<number>((resolve) => flooder.socket.once("close", (code) => resolve(code)))
    flooder.socket.send("x".repeat(2 * 1024 * 1024))
    expect(await closed).toBe(1009)
    expect((await neighbour.request("irn_subscribe", { topic: topic("still") })).error).toBeUndefined()
    const newcomer = await connect(relay, token())
    expect((await newcomer.request("irn_subscribe", { topic: topic("fresh") })).error).toBeUndefined()
  })

  it("terminates sockets that stop answering pings", async () => {
    const relay = await start({ pingIntervalMs: 50 })
    const silent = await connect(relay, token(), { autoPong: false })
    const lively = await connect(relay, token())
    await new Promise<void>((resolve) => silent.socket.once("close", () => resolve()))
    expect(lively.socket.readyState).toBe(WebSocket.OPEN)
  })
})
