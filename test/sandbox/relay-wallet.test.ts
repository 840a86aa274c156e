/**
 * The WalletConnect demo wallet's logic (the page minus its DOM) against a real dapp sign-client through the
 * local relay: proposals and requests wait for Approve / Reject, signatures verify with viem, rejections
 * answer 4001, chain switches reach the dapp as chainChanged, and disconnects end the dapp's session.
 */
import { SignClient } from "@walletconnect/sign-client"
import { stringToHex, verifyMessage, verifyTypedData } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { startRelay, type Relay } from "../../http/relay/Relay.ts"
import { createWcWallet, type WcWallet } from "../../sandbox/wc-wallet/WcWallet.ts"
import { until } from "../support/wcWallet.ts"

// Hardhat's second default account: a public test key.
const { privateKey } = accountAt(1)
const account = privateKeyToAccount(privateKey)
const local = "eip155:31337"
const second = "eip155:31338"

const startDapp = (relay: Relay) =>
  SignClient.init({
    projectId: "portico-test",
    relayUrl: relay.url,
    customStoragePrefix: `dapp-${Math.random()}`,
    telemetryEnabled: false,
    logger: "silent",
    metadata: { name: "Test Dapp", description: "dapp", url: "http://dapp.localhost", icons: ["https://dapp.localhost/icon.png", "javascript:alert(1)"] }
  })
type Dapp = Awaited<ReturnType<typeof startDapp>>

const firstRequest = async (wallet: WcWallet) => {
  const state = await until(wallet, (current) => current.requests.length > 0)
  const [request] = state.requests
  if (request === undefined) throw new Error("no request")
  return request
}

describe("the WalletConnect demo wallet", () => {
  let relay: Relay
  let dapp: Dapp
  let wallet: WcWallet

  const propose = async (namespaces: Parameters<Dapp["connect"]>[0]) => {
    const { uri, approval } = await dapp.connect(namespaces)
    if (uri === undefined) throw new Error("no pairing URI")
    // Attach the rejection handler now: a rejected proposal must not surface as an unhandled rejection.
    const settled = approval().then(
      (session) => ({ ok: true as const, session }),
      (error: unknown) => ({ ok: false as const, error })
    )
    await wallet.pair(uri)
    const state = await until(wallet, (current) => current.proposals.length > 0)
    const [proposal] = state.proposals
    if (proposal === undefined) throw new Error("no proposal")
    return { proposal, settled }
  }

  const connect = async () => {
    const { proposal, settled } = await propose({
      optionalNamespaces: { eip155: { chains: [local, second], methods: ["personal_sign"], events: ["chainChanged"] } }
    })
    await wallet.approveProposal(proposal.id)
    const outcome = await settled
    if (!outcome.ok) throw new Error("the session was not approved")
    return outcome.session.topic
  }

  beforeAll(async () => {
    relay = await startRelay({})
    dapp = await startDapp(relay)
    wallet = await createWcWallet({
      relayUrl: relay.url,
      projectId: "portico-test",
      privateKey,
      url: "http://wallet.localhost",
      // Signing needs no node; these URLs are never called by the flows below.
      chains: [
        { chainId: 31337, name: "Portico Local", rpcUrl: "http://127.0.0.1:9/" },
        { chainId: 31338, name: "Portico Local 2", rpcUrl: "http://127.0.0.1:9/" }
      ]
    })
  })

  afterAll(async () => {
    await Promise.allSettled([wallet?.close(), dapp?.core.relayer.transportClose()])
    await relay?.stop()
  })

  it("shows the proposal, then settles a session on the approved chains with the demo account", async () => {
    const { proposal, settled } = await propose({
      optionalNamespaces: { eip155: { chains: [local, "eip155:1"], methods: ["personal_sign"], events: ["chainChanged"] } }
    })
    expect(proposal).toMatchObject({ name: "Test Dapp", url: "http://dapp.localhost", chains: [local, "eip155:1"] })
    expect(proposal.icons).toEqual(["https://dapp.localhost/icon.png"])
    await wallet.approveProposal(proposal.id)
    const outcome = await settled
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.session.namespaces["eip155"]?.accounts).toEqual([`${local}:${account.address}`])
    const state = await until(wallet, (current) => current.sessions.some((session) => session.topic === outcome.session.topic))
    expect(state.proposals).toEqual([])
    expect(state.sessions.find((session) => session.topic === outcome.session.topic)?.name).toBe("Test Dapp")
  })

  it("rejecting a proposal fails the dapp's approval", async () => {
    const { proposal, settled } = await propose({
      optionalNamespaces: { eip155: { chains: [local], methods: ["personal_sign"], events: [] } }
    })
    await wallet.rejectProposal(proposal.id)
    expect(await settled).toMatchObject({ ok: false, error: { code: 5000 } })
  })

  it("refuses a proposal that asks only for a namespace the wallet lacks", async () => {
    const { proposal, settled } = await propose({
      optionalNamespaces: {
        cosmos: { chains: ["cosmos:cosmoshub-4"], methods: ["cosmos_signDirect"], events: [] }
      }
    })
    await wallet.approveProposal(proposal.id)
    expect(await settled).toMatchObject({ ok: false, error: { code: 5104 } })
    expect(wallet.getState().error).toContain("cosmos")
  })

  it("signs personal_sign only after Approve, with a signature viem verifies", async () => {
    const topic = await connect()
    const message = "Welcome to Portico"
    const signature = dapp.request<`0x${string}`>({
      topic,
      chainId: local,
      request: { method: "personal_sign", params: [stringToHex(message), account.address] }
    })
    const request = await firstRequest(wallet)
    expect(request).toMatchObject({ method: "personal_sign", title: "Sign a message", peerName: "Test Dapp", chainId: local })
    expect(request.details).toContain(`Message: ${message}`)
    wallet.approveRequest(request.key)
    expect(await verifyMessage({ address: account.address, message, signature: await signature })).toBe(true)
    expect(wallet.getState().requests).toEqual([])
  })

  it("answers a rejected request with the 4001 user-rejected error", async () => {
    const topic = await connect()
    const signature = dapp.request({
      topic,
      chainId: local,
      request: { method: "personal_sign", params: [stringToHex("no"), account.address] }
    })
    const outcome = signature.then(
      () => undefined,
      (error: unknown) => error
    )
    wallet.rejectRequest((await firstRequest(wallet)).key)
    expect(await outcome).toMatchObject({ code: 4001 })
  })

  it("signs eth_signTypedData_v4 for the session account", async () => {
    const topic = await connect()
    const typedData = {
      domain: { name: "Portico", version: "1", chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" }
        ],
        Greeting: [{ name: "text", type: "string" }]
      },
      primaryType: "Greeting",
      message: { text: "gm" }
    } as const
    const signature = dapp.request<`0x${string}`>({
      topic,
      chainId: local,
      request: { method: "eth_signTypedData_v4", params: [account.address, JSON.stringify(typedData)] }
    })
    const request = await firstRequest(wallet)
    expect(request.title).toBe("Sign typed data")
    wallet.approveRequest(request.key)
    const { EIP712Domain: _domain, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address: account.address,
        domain: typedData.domain,
        types,
        primaryType: "Greeting",
        message: typedData.message,
        signature: await signature
      })
    ).toBe(true)
  })

  it("switches chains on approval and tells the dapp with chainChanged", async () => {
    const topic = await connect()
    const changed = new Promise<unknown>((resolve) => {
      dapp.on("session_event", ({ params }) => {
        if (params.event.name === "chainChanged") resolve({ chainId: params.chainId, data: params.event.data })
      })
    })
    const switched = dapp.request({
      topic,
      chainId: local,
      request: { method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a6a" }] }
    })
    const request = await firstRequest(wallet)
    expect(request.details).toContain("Network: Portico Local 2 (31338)")
    wallet.approveRequest(request.key)
    expect(await switched).toBeNull()
    expect(await changed).toEqual({ chainId: second, data: 31338 })

    const unknown = dapp.request({
      topic,
      chainId: local,
      request: { method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] }
    })
    await expect(unknown).rejects.toMatchObject({ code: 4902 })
  })

  it("Disconnect ends the session on the dapp's side too", async () => {
    const topic = await connect()
    const deleted = new Promise<string>((resolve) => dapp.on("session_delete", ({ topic: ended }) => resolve(ended)))
    await wallet.disconnect(topic)
    expect(await deleted).toBe(topic)
    expect(wallet.getState().sessions.some((session) => session.topic === topic)).toBe(false)
  })

  it("a dapp's disconnect ends the session in the wallet", async () => {
    const topic = await connect()
    await dapp.disconnect({ topic, reason: { code: 6000, message: "User disconnected." } })
    await until(wallet, (state) => !state.sessions.some((session) => session.topic === topic))
    expect(wallet.getState().status).toBe("The dapp ended a session")
  })
})
