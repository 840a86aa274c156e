/**
 * The relay's own rules, driven by raw WebSocket clients that sign their tokens with core/walletconnect/RelayAuth.ts:
 * mailbox delivery on late subscribe, TTL expiry on the relay's clock, per-client dedupe, the implicit
 * subscribe of wc_approveSession, bounded topics, token checks, malformed frames and dead sockets.
 */
import { afterEach, describe, expect, it } from "vitest"
import { WebSocket, type ClientOptions } from "ws"
import { generateSeed, sign } from "../../core/walletconnect/RelayAuth.ts"
import { startRelay, type Relay, type RelayOptions } from "../../sandbox/relay/Relay.ts"

interface Frame {
  readonly id: number | string | null
  readonly method?: string
  readonly params?: { readonly id: string; readonly data: Record<string, unknown> }
  readonly result?: unknown
  readonly error?: { readonly code: number; readonly message: string }
}

const token = (seed = generateSeed(), ttlSeconds = 86_400, issuedAt = Math.floor(Date.now() / 1000)) =>
  sign({ seed, audience: "ws://127.0.0.1", ttlSeconds, issuedAt })

/** A bare relay client: a socket, every frame it received, and JSON-RPC requests that await their answer. */
const connect = async (relay: Relay, auth: string, options: ClientOptions = {}) => {
  const socket = new WebSocket(`${relay.url}/?auth=${auth}&projectId=test`, options)
  const frames: Array<Frame> = []
  const waiters: Array<() => void> = []
  socket.on("message", (data) => {
    frames.push(JSON.parse(data.toString()) as Frame)
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve())
    socket.once("error", reject)
  })
  let nextId = 1
  const waitFor = async (match: (frame: Frame) => boolean): Promise<Frame> => {
    for (;;) {
      const found = frames.find(match)
      if (found !== undefined) return found
      await new Promise<void>((wake) => waiters.push(wake))
    }
  }
  const request = (method: string, params: unknown): Promise<Frame> => {
    const id = nextId++
    socket.send(JSON.stringify({ id, jsonrpc: "2.0", method, params }))
    return waitFor((frame) => frame.id === id && frame.method === undefined)
  }
  // Frames arrive in order: once a later request is answered, every push sent before it has arrived.
  const pushes = async () => {
    await request("irn_unsubscribe", { topic: "sync", id: "none" })
    return frames.filter((frame) => frame.method === "irn_subscription")
  }
  const ack = (push: Frame) => socket.send(JSON.stringify({ id: push.id, jsonrpc: "2.0", result: true }))
  return { socket, frames, request, waitFor, pushes, ack }
}

/** Why the relay refused an upgrade: the HTTP status of its answer. */
const refusedStatus = (relay: Relay, query: string) =>
  new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(`${relay.url}/${query}`)
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.on("open", () => reject(new Error("the relay accepted the connection")))
    socket.on("error", () => undefined)
  })

const topic = (name: string) => name.padEnd(64, "0")

describe("the local WalletConnect relay", () => {
  let running: Relay | undefined
  const start = async (options: RelayOptions = {}) => {
    running = await startRelay(options)
    return running
  }
  afterEach(async () => {
    await running?.stop()
    running = undefined
  })

  it("hands messages published before a subscribe over to the late subscriber, once per client", async () => {
    const relay = await start()
    const publisherKey = generateSeed()
    const subscriberKey = generateSeed()
    const publisher = await connect(relay, await token(publisherKey))
    await publisher.request("irn_subscribe", { topic: topic("a") })
    const published = await publisher.request("irn_publish", { topic: topic("a"), message: "hello", ttl: 300, tag: 1102 })
    expect(published.result).toBe(true)

    const subscriber = await connect(relay, await token(subscriberKey))
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
    const again = await connect(relay, await token(subscriberKey))
    await again.request("irn_subscribe", { topic: topic("a") })
    expect(await again.pushes()).toEqual([])
    const other = await connect(relay, await token())
    await other.request("irn_batchSubscribe", { topics: [topic("a")] })
    expect(await other.pushes()).toHaveLength(1)
  })

  it("redelivers a message whose push was never acknowledged", async () => {
    const relay = await start()
    const key = generateSeed()
    const publisher = await connect(relay, await token())
    await publisher.request("irn_publish", { topic: topic("r"), message: "settle", ttl: 300 })
    const first = await connect(relay, await token(key))
    await first.request("irn_subscribe", { topic: topic("r") })
    expect(await first.pushes()).toHaveLength(1)
    first.socket.terminate()
    const second = await connect(relay, await token(key))
    await second.request("irn_subscribe", { topic: topic("r") })
    expect(await second.pushes()).toHaveLength(1)
  })

  it("pushes a message to every current subscriber as it is published", async () => {
    const relay = await start()
    const listener = await connect(relay, await token())
    await listener.request("irn_subscribe", { topic: topic("live") })
    const publisher = await connect(relay, await token())
    await publisher.request("irn_batchPublish", { messages: [{ topic: topic("live"), message: "m1", ttl: 60 }] })
    const push = await listener.waitFor((frame) => frame.method === "irn_subscription")
    expect(push.params?.data["message"]).toBe("m1")
  })

  it("drops messages whose TTL ran out on the relay's clock", async () => {
    let now = 1_700_000_000_000
    const relay = await start({ now: () => now })
    const publisher = await connect(relay, await token(generateSeed(), 86_400, Math.floor(now / 1000)))
    await publisher.request("irn_publish", { topic: topic("ttl"), message: "short", ttl: 30 })
    await publisher.request("irn_publish", { topic: topic("ttl"), message: "long", ttl: 300 })

    now += 29_000
    const early = await connect(relay, await token(generateSeed(), 86_400, Math.floor(now / 1000)))
    await early.request("irn_subscribe", { topic: topic("ttl") })
    expect((await early.pushes()).map((push) => push.params?.data["message"])).toEqual(["short", "long"])

    now += 2_000
    const late = await connect(relay, await token(generateSeed(), 86_400, Math.floor(now / 1000)))
    await late.request("irn_subscribe", { topic: topic("ttl") })
    expect((await late.pushes()).map((push) => push.params?.data["message"])).toEqual(["long"])
    const fetched = await late.request("irn_batchFetchMessages", { topics: [topic("ttl")] })
    expect(fetched.result).toMatchObject({ messages: [{ message: "long" }], hasMore: false })

    now += 300_000
    const expired = await connect(relay, await token(generateSeed(), 86_400, Math.floor(now / 1000)))
    expect((await expired.request("irn_batchFetchMessages", { topics: [topic("ttl")] })).result).toEqual({
      messages: [],
      hasMore: false
    })
  })

  it("keeps at most maxMessagesPerTopic messages per topic, the newest", async () => {
    const relay = await start({ maxMessagesPerTopic: 3 })
    const publisher = await connect(relay, await token())
    for (const message of ["1", "2", "3", "4", "5"]) {
      await publisher.request("irn_publish", { topic: topic("cap"), message, ttl: 300 })
    }
    const reader = await connect(relay, await token())
    const fetched = await reader.request("irn_batchFetchMessages", { topics: [topic("cap")] })
    const { messages } = fetched.result as { messages: Array<{ message: string }> }
    expect(messages.map((stored) => stored.message)).toEqual(["3", "4", "5"])
  })

  it("subscribes the sender of wc_proposeSession and wc_approveSession to their topics", async () => {
    const relay = await start()
    const dapp = await connect(relay, await token())
    const wallet = await connect(relay, await token())
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
    const [header, payload, signature] = (await token()).split(".")
    const forged = `${header}.${payload}.${signature?.split("").toReversed().join("")}`
    expect(await refusedStatus(relay, `?auth=${forged}`)).toBe(401)
    const otherIssuer = (await token()).split(".")[1]
    expect(await refusedStatus(relay, `?auth=${header}.${otherIssuer}.${signature}`)).toBe(401)
    const expired = await token(generateSeed(), 60, Math.floor(Date.now() / 1000) - 120)
    expect(await refusedStatus(relay, `?auth=${expired}`)).toBe(401)
  })

  it("answers malformed frames with JSON-RPC errors and keeps the socket usable", async () => {
    const relay = await start()
    const client = await connect(relay, await token())

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
    const flooder = await connect(relay, await token())
    const neighbour = await connect(relay, await token())
    const closed = new Promise<number>((resolve) => flooder.socket.once("close", (code) => resolve(code)))
    flooder.socket.send("x".repeat(2 * 1024 * 1024))
    expect(await closed).toBe(1009)
    expect((await neighbour.request("irn_subscribe", { topic: topic("still") })).error).toBeUndefined()
    const newcomer = await connect(relay, await token())
    expect((await newcomer.request("irn_subscribe", { topic: topic("fresh") })).error).toBeUndefined()
  })

  it("terminates sockets that stop answering pings", async () => {
    const relay = await start({ pingIntervalMs: 50 })
    const silent = await connect(relay, await token(), { autoPong: false })
    const lively = await connect(relay, await token())
    await new Promise<void>((resolve) => silent.socket.once("close", () => resolve()))
    expect(lively.socket.readyState).toBe(WebSocket.OPEN)
  })
})
