/**
 * One-Click Auth between our two Sign clients through the sandbox relay: a wallet that signs in answers the
 * `wc_sessionAuthenticate` and both sides hold the same session without a settlement; a wallet without it
 * settles the proposal sent alongside; a refusal reaches the dapp; and a wallet that signs anything but what
 * was asked (another domain, nonce or chain), or an answer sealed by another key than the responder it
 * names, leaves the dapp without a session.
 */
import { afterEach, describe, expect, it } from "vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { verifyMessage } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import * as Caip from "../../../core/Caip.ts"
import * as Recap from "../../../core/signin/Recap.ts"
import * as Storage from "../../../core/Storage.ts"
import * as Cacaos from "../../../core/walletconnect/Cacaos.ts"
import type * as Protocol from "../../../core/walletconnect/Protocol.ts"
import * as Envelope from "../../../core/walletconnect/Envelope.ts"
import * as RelayAuth from "../../../core/walletconnect/RelayAuth.ts"
import * as RelayClient from "../../../core/walletconnect/RelayClient.ts"
import * as SignClient from "../../../core/walletconnect/SignClient.ts"
import * as SymKey from "../../../core/walletconnect/SymKey.ts"
import { startRelay, type Relay } from "../../../http/relay/Relay.ts"
import { metadata, openSocket, stopPeers } from "./Peers.ts"

const signer = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
const chain = "eip155:31337" as const

const asked = (): Protocol.AuthPayload => ({
  type: "caip122",
  chains: [chain],
  domain: "dapp.test",
  aud: "https://dapp.test",
  version: "1",
  nonce: "n0nce1234567",
  iat: new Date().toISOString(),
  statement: "Sign in to the dapp.",
  resources: [Recap.encode(Recap.requests("eip155", ["personal_sign", "eth_sendTransaction"]))]
})

const proposed = { eip155: { chains: [chain], methods: ["personal_sign", "eth_sendTransaction"], events: ["chainChanged", "accountsChanged"] } }

/** What a wallet signs: the asked payload, or one with `change` applied before signing (an attack). */
const cacaoOf = async (payload: Protocol.AuthPayload, account: Caip.ParsedAddress, change: Partial<Protocol.Cacao["p"]> = {}): Promise<Protocol.Cacao> => {
  const { payload: signed } = Cacaos.signable(payload, account)
  const altered = { ...signed, ...change }
  const issuer = Option.getOrElse(Cacaos.issuerOf(altered.iss), () => account)
  return { h: { t: "caip122" }, p: altered, s: { t: "eip191", s: await signer.signMessage({ message: Cacaos.messageOf(altered, issuer) }) } }
}

const nextEvent = <T extends SignClient.SignEvent["_tag"]>(client: SignClient.SignClient, tag: T) =>
  new Promise<Extract<SignClient.SignEvent, { _tag: T }>>((resolve) => {
    const stop = client.subscribe((event) => {
      if (event._tag !== tag) return
      stop()
      resolve(event as Extract<SignClient.SignEvent, { _tag: T }>)
    })
  })

describe("One-Click Auth", () => {
  const clients: Array<SignClient.SignClient> = []
  let relay: Relay | undefined
  afterEach(async () => {
    await stopPeers(clients, relay)
    relay = undefined
  })

  const pair = async () => {
    relay ??= await startRelay()
    const make = async (role: "dapp" | "wallet") => {
      const made = await SignClient.make({ role, relayUrl: relay?.url ?? "", projectId: "test", metadata: metadata(role), storage: Storage.serviceOf(Storage.layerMemory), openSocket })
      clients.push(made)
      return made
    }
    const dapp = await make("dapp")
    const wallet = await make("wallet")
    const payload = asked()
    const proposal = await dapp.propose({ optionalNamespaces: proposed, expiryTimestamp: Math.floor(Date.now() / 1000) + 240, authenticate: payload })
    proposal.approval.catch(() => undefined)
    return { dapp, wallet, payload, proposal }
  }
  const account: Caip.ParsedAddress = { namespace: "eip155", reference: "31337", address: signer.address }

  it("connects and signs in with the one answer: both sides hold the same session, and the signed message verifies", async () => {
    const { dapp, wallet, payload, proposal } = await pair()
    expect(proposal.uri).toContain("&methods=wc_sessionAuthenticate")
    const request = nextEvent(wallet, "SessionAuthenticate")
    await wallet.pair(proposal.uri)
    const received = await request
    expect(received.request.params.authPayload).toEqual(payload)
    const walletSession = await wallet.approveAuthenticate(received.request.id, [await cacaoOf(payload, account)])
    const session = await proposal.approval
    expect(session.topic).toBe(walletSession.topic)
    expect(session.namespaces).toEqual({
      eip155: { chains: [chain], accounts: [`${chain}:${signer.address}`], methods: ["eth_sendTransaction", "personal_sign"], events: ["chainChanged", "accountsChanged"] }
    })
    expect(session.peer.metadata.name).toBe("wallet")
    const [signed] = proposal.signedIn() ?? []
    expect(signed?.message).toContain("Sign in to the dapp. I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'eth_sendTransaction', 'personal_sign' for 'eip155'.")
    expect(await verifyMessage({ address: signer.address, message: signed?.message ?? "", signature: (signed?.signature ?? "0x") as `0x${string}` })).toBe(true)
    // The session works without any settlement: a request reaches the wallet and its answer comes back.
    wallet.subscribe((event) => {
      if (event._tag === "SessionRequest") void wallet.respond(event.topic, event.id, { result: "0xsigned" }).catch(() => undefined)
    })
    await expect(dapp.request(session.topic, chain, { method: "personal_sign", params: ["0x00", signer.address] })).resolves.toBe("0xsigned")
  })

  it("falls back to the proposal with a wallet that does not know One-Click Auth", async () => {
    const { wallet, proposal } = await pair()
    const proposalEvent = nextEvent(wallet, "SessionProposal")
    await wallet.pair(proposal.uri)
    const received = await proposalEvent
    const namespaces = { eip155: { chains: [chain], accounts: [`${chain}:${signer.address}`], methods: ["personal_sign"], events: ["chainChanged"] } }
    const { session: walletSession } = await wallet.approve(received.proposal.id, namespaces)
    const session = await proposal.approval
    expect(session.topic).toBe(walletSession.topic)
    expect(proposal.signedIn()).toBeUndefined()
  })

  it("hands the wallet's refusal to the dapp", async () => {
    const { wallet, proposal } = await pair()
    const request = nextEvent(wallet, "SessionAuthenticate")
    await wallet.pair(proposal.uri)
    await wallet.rejectAuthenticate((await request).request.id, { code: 5000, message: "User rejected." })
    await expect(proposal.approval).rejects.toMatchObject({ _tag: "PeerError", code: 5000 })
  })

  it("refuses an answer sealed by another key than the responder it names, and keeps no session", async () => {
    const { dapp, wallet, payload, proposal } = await pair()
    const request = nextEvent(wallet, "SessionAuthenticate")
    await wallet.pair(proposal.uri)
    const { id, params } = (await request).request
    // An attacker on the relay answers in a well-formed type 1 envelope of its own key, naming the wallet's key as responder.
    const attacker = SymKey.generateKeyPair()
    const named = SymKey.generateKeyPair()
    const symKey = Effect.runSync(SymKey.agree(attacker.privateKey, params.requester.publicKey))
    const result = { cacaos: [await cacaoOf(payload, account)], responder: { publicKey: named.publicKey, metadata: metadata("wallet") } }
    const sender = RelayClient.make({ relayUrl: relay?.url ?? "", projectId: "test", seed: RelayAuth.generateSeed(), onPush: () => undefined, openSocket })
    await sender.publish(SymKey.topicOf(params.requester.publicKey), Envelope.sealFromSender(symKey, attacker.publicKey, JSON.stringify({ id, jsonrpc: "2.0", result })), { ttl: 300, tag: 1117 })
    sender.close()
    await expect(proposal.approval).rejects.toMatchObject({ _tag: "PeerError", code: -32602 })
    expect(dapp.sessions()).toEqual([])
  })

  const attacks: ReadonlyArray<readonly [string, (payload: Protocol.AuthPayload) => Partial<Protocol.Cacao["p"]>, string]> = [
    ["another domain", () => ({ domain: "evil.test" }), "domain"],
    ["another URI", () => ({ aud: "https://evil.test" }), "uri"],
    ["another nonce", () => ({ nonce: "0therNonce99" }), "nonce"],
    ["a chain not asked", () => ({ iss: `did:pkh:eip155:1:${signer.address}` }), "chainId"],
    ["another time of issue", () => ({ iat: "2020-01-01T00:00:00.000Z" }), "issuedAt"],
    ["no ReCap", () => ({ resources: [] }), "resources"]
  ]
  for (const [name, change, field] of attacks) {
    it(`refuses a CACAO for ${name}, and keeps no session`, async () => {
      const { dapp, wallet, payload, proposal } = await pair()
      const request = nextEvent(wallet, "SessionAuthenticate")
      await wallet.pair(proposal.uri)
      await wallet.approveAuthenticate((await request).request.id, [await cacaoOf(payload, account, change(payload))])
      await expect(proposal.approval).rejects.toMatchObject({ _tag: "SignInMismatchError", field })
      expect(dapp.sessions()).toEqual([])
    })
  }
})
