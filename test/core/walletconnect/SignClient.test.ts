/**
 * Our Sign client on both sides of a session, through the sandbox relay: pairing, settlement, requests
 * and events, delete from either side, reload (a new client over the same storage) with a session or a
 * proposal still awaiting the wallet, relay restarts, and peers that send garbage.
 */
import { afterEach, describe, expect, it } from "vitest"
import * as Effect from "effect/Effect"
import { WebSocket } from "ws"
import * as Storage from "../../../core/Storage.ts"
import * as Envelope from "../../../core/walletconnect/Envelope.ts"
import * as PairingUri from "../../../core/walletconnect/PairingUri.ts"
import * as SignClient from "../../../core/walletconnect/SignClient.ts"
import * as SymKey from "../../../core/walletconnect/SymKey.ts"
import { startRelay, type Relay } from "../../../http/relay/Relay.ts"
import { metadata, openSocket, stopPeers } from "./Peers.ts"

const memoryStorage = () => Storage.serviceOf(Storage.layerMemory)

const account = "eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const namespaces = {
  eip155: { chains: ["eip155:31337"], accounts: [account], methods: ["personal_sign"], events: ["chainChanged"] }
}

/** A wallet's chainChanged event as it goes over the wire, with its JSON-RPC id. */
const chainChanged = (id: number, data: number) => ({ id, jsonrpc: "2.0", method: "wc_sessionEvent", params: { chainId: "eip155:31337", event: { name: "chainChanged", data } } })

const nextEvent = (client: SignClient.SignClient, tag: SignClient.SignEvent["_tag"]) =>
  new Promise<SignClient.SignEvent>((resolve) => {
    const stop = client.subscribe((event) => {
      if (event._tag !== tag) return
      stop()
      resolve(event)
    })
  })

describe("SignClient", () => {
  const clients: Array<SignClient.SignClient> = []
  let relay: Relay | undefined
  afterEach(async () => {
    await stopPeers(clients, relay)
    relay = undefined
  })

  const client = async (role: "dapp" | "wallet", storage = memoryStorage(), relayUrl = relay?.url ?? "") => {
    const made = await SignClient.make({ role, relayUrl, projectId: "test", metadata: metadata(role), storage, openSocket })
    clients.push(made)
    return made
  }

  /** A settled session between a fresh dapp and wallet. */
  const settle = async (dappStorage = memoryStorage()) => {
    relay ??= await startRelay()
    const dapp = await client("dapp", dappStorage)
    const wallet = await client("wallet")
    const proposal = nextEvent(wallet, "SessionProposal")
    const { uri, approval } = await dapp.propose({
      optionalNamespaces: { eip155: { chains: ["eip155:31337"], methods: ["personal_sign"], events: ["chainChanged"] } },
      expiryTimestamp: Math.floor(Date.now() / 1000) + 240
    })
    await wallet.pair(uri)
    const received = await proposal
    if (received._tag !== "SessionProposal") throw new Error("no proposal")
    expect(received.proposal.params.proposer.metadata.name).toBe("dapp")
    const { session, acknowledged } = await wallet.approve(received.proposal.id, namespaces)
    const settled = await approval
    await acknowledged
    return { dapp, wallet, session: settled, walletSession: session }
  }

  it("pairs, settles, and carries a request and its answer", async () => {
    const { dapp, wallet, session, walletSession } = await settle()
    expect(session.topic).toBe(walletSession.topic)
    expect(session.namespaces).toEqual(namespaces)
    expect(session.peer.metadata.name).toBe("wallet")
    wallet.subscribe((event) => {
      if (event._tag === "SessionRequest") void wallet.respond(event.topic, event.id, { result: `signed:${String(event.params.request.params)}` }).catch(() => undefined)
    })
    await expect(dapp.request(session.topic, "eip155:31337", { method: "personal_sign", params: "hi" })).resolves.toBe("signed:hi")
  })

  it("refuses a request for a method or chain the session does not grant, and relays a wallet's error", async () => {
    const { dapp, wallet, session } = await settle()
    await expect(dapp.request(session.topic, "eip155:31337", { method: "eth_sendTransaction" })).rejects.toMatchObject({ code: 3001 })
    await expect(dapp.request(session.topic, "eip155:1", { method: "personal_sign" })).rejects.toMatchObject({ code: 3001 })
    wallet.subscribe((event) => {
      if (event._tag === "SessionRequest") void wallet.respond(event.topic, event.id, { error: { code: 4001, message: "User rejected the request." } }).catch(() => undefined)
    })
    await expect(dapp.request(session.topic, "eip155:31337", { method: "personal_sign" })).rejects.toMatchObject({ _tag: "PeerError", code: 4001 })
  })

  it("delivers wallet events and ends the session from either side", async () => {
    const first = await settle()
    const event = nextEvent(first.dapp, "SessionEvent")
    await first.wallet.emit(first.session.topic, "eip155:31337", { name: "chainChanged", data: 31337 })
    expect(await event).toMatchObject({ params: { event: { name: "chainChanged", data: 31337 } } })
    const deleted = nextEvent(first.dapp, "SessionDelete")
    await first.wallet.disconnect(first.session.topic)
    await deleted
    expect(first.dapp.sessions()).toEqual([])

    const second = await settle()
    const walletSide = nextEvent(second.wallet, "SessionDelete")
    await second.dapp.disconnect(second.session.topic)
    await walletSide
    expect(second.wallet.sessions()).toEqual([])
  })

  it("restores a session from storage after a reload and picks up what arrived meanwhile", async () => {
    const storage = memoryStorage()
    const { dapp, wallet, session } = await settle(storage)
    dapp.close()
    // While the dapp's page is gone, the wallet announces a new chain; the relay keeps it.
    const emitted = wallet.emit(session.topic, "eip155:31337", { name: "chainChanged", data: 1 })
    const reloaded = await client("dapp", storage)
    expect(reloaded.sessions().map((restored) => restored.topic)).toEqual([session.topic])
    expect(await nextEvent(reloaded, "SessionEvent")).toMatchObject({ params: { event: { data: 1 } } })
    // The reloaded page acknowledged the event it picked up.
    await emitted
  })

  it("a proposal made before the page was discarded settles on the page loaded again, from the wallet's answer the relay kept", async () => {
    relay ??= await startRelay()
    const storage = memoryStorage()
    const first = await client("dapp", storage)
    expect(first.resumed).toEqual([])
    const { uri, approval } = await first.propose({
      optionalNamespaces: { eip155: { chains: ["eip155:31337"], methods: ["personal_sign"], events: ["chainChanged"] } },
      expiryTimestamp: Math.floor(Date.now() / 1000) + 240
    })
    approval.catch(() => undefined)
    // The phone discards the page while the visitor is in the wallet.
    first.close()
    const wallet = await client("wallet")
    const proposal = nextEvent(wallet, "SessionProposal")
    await wallet.pair(uri)
    const received = await proposal
    if (received._tag !== "SessionProposal") throw new Error("no proposal")
    const approved = wallet.approve(received.proposal.id, namespaces)
    const reloaded = await client("dapp", storage)
    expect(reloaded.resumed).toHaveLength(1)
    const [resumed] = reloaded.resumed
    if (resumed === undefined) throw new Error("nothing resumed")
    const session = await resumed
    expect(session.namespaces["eip155"]?.accounts).toEqual([account])
    await (await approved).acknowledged
    expect(reloaded.sessions().map((kept) => kept.topic)).toEqual([session.topic])
    // Settled, the proposal is no longer kept: the next load resumes nothing.
    expect((await client("dapp", storage)).resumed).toEqual([])
  })

  it("renews a restored session that has less than a day left, on both sides", async () => {
    const storage = memoryStorage()
    const { dapp, wallet, session } = await settle(storage)
    dapp.close()
    const later = Date.now() + (6 * 24 + 12) * 3_600_000
    const reloaded = await SignClient.make({ role: "dapp", relayUrl: relay?.url ?? "", projectId: "test", metadata: metadata("dapp"), storage, openSocket, now: () => later })
    clients.push(reloaded)
    const renewed = Math.floor(later / 1000) + 7 * 86_400
    expect(reloaded.sessions()[0]?.expiry).toBe(renewed)
    // The wallet answers an extension (each side then counts a week on its own clock).
    await expect(reloaded.extend(session.topic)).resolves.toBeUndefined()
    expect(wallet.sessions()[0]?.expiry).toBeGreaterThanOrEqual(session.expiry)
  })

  it("survives a relay restart on the same port: the next request completes", async () => {
    const { dapp, wallet, session } = await settle()
    wallet.subscribe((event) => {
      if (event._tag === "SessionRequest") void wallet.respond(event.topic, event.id, { result: "after restart" }).catch(() => undefined)
    })
    const port = Number(new URL(relay?.url ?? "").port)
    await relay?.stop()
    relay = await startRelay({ port })
    await expect(dapp.request(session.topic, "eip155:31337", { method: "personal_sign" })).resolves.toBe("after restart")
  }, 30_000)

  it("drops garbage from a peer: wrong key, malformed JSON, unknown ids", async () => {
    const { dapp, wallet, session } = await settle()
    const received: Array<string> = []
    dapp.subscribe((event) => received.push(event._tag))
    const raw = new WebSocket(`${relay?.url}/?auth=${(await import("../../../core/walletconnect/RelayAuth.ts")).sign({ seed: "11".repeat(32), audience: relay?.url ?? "", issuedAt: Math.floor(Date.now() / 1000), ttlSeconds: 60 })}`)
    await new Promise((resolve) => raw.once("open", resolve))
    const publish = (message: string) =>
      raw.send(JSON.stringify({ id: Date.now(), jsonrpc: "2.0", method: "irn_publish", params: { topic: session.topic, message, ttl: 300, tag: 1110 } }))
    publish("not base64 at all")
    publish(Envelope.seal("22".repeat(32), JSON.stringify({ id: 1, jsonrpc: "2.0", method: "wc_sessionDelete", params: { code: 6000, message: "x" } })))
    publish(Envelope.seal(session.symKey, "{not json"))
    publish(Envelope.seal(session.symKey, JSON.stringify({ id: 12, jsonrpc: "2.0", result: "an answer to nothing" })))
    publish(Envelope.seal(session.symKey, JSON.stringify({ id: -1, jsonrpc: "2.0", method: "wc_sessionDelete", params: {} })))
    raw.close()
    // A real event after the garbage still arrives, and the session is intact.
    const event = nextEvent(dapp, "SessionEvent")
    await wallet.emit(session.topic, "eip155:31337", { name: "chainChanged", data: 5 })
    await event
    expect(received).toEqual(["SessionEvent"])
    expect(dapp.sessions()).toHaveLength(1)
  })

  /** A raw relay client that publishes sealed messages on a topic, as anyone holding the topic's key could. */
  const rawPublisher = async () => {
    const RelayAuth = await import("../../../core/walletconnect/RelayAuth.ts")
    const raw = new WebSocket(`${relay?.url}/?auth=${RelayAuth.sign({ seed: "55".repeat(32), audience: relay?.url ?? "", issuedAt: Math.floor(Date.now() / 1000), ttlSeconds: 60 })}`)
    await new Promise((resolve) => raw.once("open", resolve))
    return {
      publish: (topic: string, symKey: string, payload: unknown, tag: number) =>
        raw.send(JSON.stringify({ id: Date.now(), jsonrpc: "2.0", method: "irn_publish", params: { topic, message: Envelope.seal(symKey, JSON.stringify(payload)), ttl: 300, tag } })),
      close: () => raw.close()
    }
  }

  it("attack: a message replayed after a reload is dropped; a new one still arrives", async () => {
    const storage = memoryStorage()
    const { dapp, session } = await settle(storage)
    const publisher = await rawPublisher()
    const first = nextEvent(dapp, "SessionEvent")
    publisher.publish(session.topic, session.symKey, chainChanged(1_700_000_000_000_001, 7), 1110)
    expect(await first).toMatchObject({ params: { event: { data: 7 } } })
    dapp.close()
    const reloaded = await client("dapp", storage)
    const received: Array<unknown> = []
    reloaded.subscribe((next) => {
      if (next._tag === "SessionEvent") received.push(next.params.event.data)
    })
    // The same message again (recorded, or handed over again by the relay), then a new one.
    publisher.publish(session.topic, session.symKey, chainChanged(1_700_000_000_000_001, 7), 1110)
    const fresh = nextEvent(reloaded, "SessionEvent")
    publisher.publish(session.topic, session.symKey, chainChanged(1_700_000_000_000_002, 8), 1110)
    await fresh
    expect(received).toEqual([8])
    publisher.close()
  })

  it("attack: an answer to a proposal arriving on another topic is ignored; the real wallet's settles", async () => {
    const first = await settle()
    // A second proposal from the same dapp; the first session's wallet (which holds that session's key) forges its answer.
    const honest = await client("wallet")
    const proposal = nextEvent(honest, "SessionProposal")
    const { uri, approval } = await first.dapp.propose({
      optionalNamespaces: { eip155: { chains: ["eip155:31337"], methods: ["personal_sign"], events: ["chainChanged"] } },
      expiryTimestamp: Math.floor(Date.now() / 1000) + 240
    })
    await honest.pair(uri)
    const received = await proposal
    if (received._tag !== "SessionProposal") throw new Error("no proposal")
    const publisher = await rawPublisher()
    const forger = SymKey.generateKeyPair()
    const forgedKey = await Effect.runPromise(SymKey.agree(forger.privateKey, received.proposal.params.proposer.publicKey))
    publisher.publish(first.session.topic, first.session.symKey, {
      id: received.proposal.id,
      jsonrpc: "2.0",
      result: { relay: { protocol: "irn" }, responderPublicKey: forger.publicKey }
    }, 1101)
    // Had the dapp taken that answer, the forger's settlement on the topic they would share settles it.
    publisher.publish(SymKey.topicOf(forgedKey), forgedKey, {
      id: 1_700_000_000_000_003,
      jsonrpc: "2.0",
      method: "wc_sessionSettle",
      params: {
        relay: { protocol: "irn" },
        namespaces,
        controller: { publicKey: forger.publicKey, metadata: metadata("forger") },
        expiry: Math.floor(Date.now() / 1000) + 3600
      }
    }, 1102)
    publisher.close()
    await new Promise((resolve) => setTimeout(resolve, 300))
    await honest.approve(received.proposal.id, namespaces)
    const settled = await approval
    expect(settled.peer.metadata.name).toBe("wallet")
    expect(settled.topic).not.toBe(first.session.topic)
  })

  it("attack: a wallet settling more than was proposed gets a session with what was proposed only", async () => {
    relay ??= await startRelay()
    const dapp = await client("dapp")
    const widening = await client("wallet")
    const asked = nextEvent(widening, "SessionProposal")
    const { uri, approval } = await dapp.propose({
      optionalNamespaces: { eip155: { chains: ["eip155:31337"], methods: ["personal_sign"], events: ["chainChanged"] } },
      expiryTimestamp: Math.floor(Date.now() / 1000) + 240
    })
    await widening.pair(uri)
    const received = await asked
    if (received._tag !== "SessionProposal") throw new Error("no proposal")
    const widened = {
      eip155: {
        chains: ["eip155:31337", "eip155:1"],
        accounts: [account, "eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8"],
        methods: ["personal_sign", "eth_sendTransaction"],
        events: ["chainChanged", "message"]
      }
    }
    const { acknowledged } = await widening.approve(received.proposal.id, widened)
    const session = await approval
    await acknowledged
    expect(session.namespaces).toEqual(namespaces)
    await expect(dapp.request(session.topic, "eip155:31337", { method: "eth_sendTransaction" })).rejects.toMatchObject({ code: 3001 })
    await expect(dapp.request(session.topic, "eip155:1", { method: "personal_sign" })).rejects.toMatchObject({ code: 3001 })
    // An event the dapp never proposed is dropped; one it did arrives.
    const names: Array<string> = []
    dapp.subscribe((next) => {
      if (next._tag === "SessionEvent") names.push(next.params.event.name)
    })
    const event = nextEvent(dapp, "SessionEvent")
    await widening.emit(session.topic, "eip155:31337", { name: "message", data: 1 })
    await widening.emit(session.topic, "eip155:31337", { name: "chainChanged", data: 2 })
    await event
    expect(names).toEqual(["chainChanged"])
    // A later update cannot widen it either.
    const updated = nextEvent(dapp, "SessionUpdate")
    await widening.update(session.topic, widened)
    expect(await updated).toMatchObject({ namespaces })
  })

  it("refuses pairing URIs that are expired or whose topic does not match the key", async () => {
    relay = await startRelay()
    const wallet = await client("wallet")
    const symKey = "33".repeat(32)
    await expect(wallet.pair(PairingUri.format({ topic: "44".repeat(32), symKey, expiryTimestamp: 9_999_999_999 }))).rejects.toMatchObject({ _tag: "PairingUriError" })
    await expect(wallet.pair(`wc:${"44".repeat(32)}@1?relay-protocol=irn&symKey=${symKey}`)).rejects.toMatchObject({ _tag: "PairingUriError" })
  })
})
