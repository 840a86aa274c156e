/**
 * The WalletConnect connector against the sandbox relay and the sandbox's WalletConnect demo wallet
 * logic: the pairing URI arrives as an event, an approved proposal connects with the wallet's EVM and
 * Solana accounts at once, requests of both go through, a refused proposal is a user rejection, and a
 * session whose accounts fail the checks is refused with a typed error.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type * as Connector from "../../../core/Connector.ts"
import * as WalletConnect from "../../../core/connectors/WalletConnect.ts"
import * as WalletDeepLink from "../../../core/WalletDeepLink.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { type Relay, startRelay } from "../../../http/relay/Relay.ts"
import { createWcWallet, type WcWallet } from "../../../sandbox/wc-wallet/WcWallet.ts"
import * as Storage from "../../../core/Storage.ts"
import type * as RelayClient from "../../../core/walletconnect/RelayClient.ts"
import { until } from "../../support/wcWallet.ts"
import { WebSocket } from "ws"

const openSocket = (url: string) => new WebSocket(url) as unknown as RelayClient.Socket
const solanaChain = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
// A test seed (bytes 1…32): its key pair and address are made in beforeAll.
const solanaSecret = Uint8Array.from({ length: 32 }, (_, i) => i + 1)

// Hardhat's second default account: a public test key.
const { privateKey } = accountAt(1)
const account = privateKeyToAccount(privateKey)

/** Resolves with the next pairing URI the connector shows. */
const nextUri = (client: Connector.ConnectorClient) =>
  new Promise<string>((resolve) => {
    const stop = client.subscribe((event) => {
      if (event._tag !== "DisplayUri") return
      stop()
      resolve(event.uri)
    })
  })

describe("deep links", () => {
  const uri = "wc:abc@2?relay-protocol=irn&symKey=k"
  it("appends wc?uri= to native schemes and universal links", () => {
    expect(WalletDeepLink.deepLink("demowallet://", uri)).toBe(`demowallet://wc?uri=${encodeURIComponent(uri)}`)
    expect(WalletDeepLink.deepLink("https://wallet.example/app", uri)).toBe(`https://wallet.example/app/wc?uri=${encodeURIComponent(uri)}`)
    expect(WalletDeepLink.deepLink("https://wallet.example/", uri)).toBe(`https://wallet.example/wc?uri=${encodeURIComponent(uri)}`)
  })
  it("refuses links that could run script or are not links", () => {
    expect(WalletDeepLink.deepLink("javascript:alert(1)//", uri)).toBeUndefined()
    expect(WalletDeepLink.deepLink("data:text/html,x", uri)).toBeUndefined()
    expect(WalletDeepLink.deepLink("not a link", uri)).toBeUndefined()
  })
})

const peer = { publicKey: "aa".repeat(32), metadata: { name: "Demo Mobile", description: "", url: "https://wallet.example", icons: ["https://wallet.example/icon.png"], redirect: { native: "demowallet://" } } }
const evmAddress = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const solanaAddress = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
const networks = ["eip155:31337", "eip155:31338", solanaChain] as const
const namespace = (accounts: ReadonlyArray<string>) => ({ accounts: [...accounts], methods: [], events: [] })
const connections = (namespaces: Record<string, ReturnType<typeof namespace>>, preferred?: `${string}:${string}`) =>
  Effect.runPromise(Effect.result(WalletConnect.connectionsOf({ namespaces, peer }, networks, preferred === undefined ? [] : [preferred])))

describe("session accounts", () => {
  it("gives one connection per namespace, on the preferred network, named after the wallet", async () => {
    const result = await connections({
      eip155: namespace([`eip155:31338:${evmAddress}`, `eip155:31337:${evmAddress}`]),
      solana: namespace([`${solanaChain}:${solanaAddress}`])
    }, "eip155:31337")
    expect(result).toMatchObject({
      _tag: "Success",
      success: [
        { namespace: "eip155", accounts: [evmAddress], caipNetworkId: "eip155:31337", linking: "demowallet://", wallet: { name: "Demo Mobile", icon: "https://wallet.example/icon.png" } },
        { namespace: "solana", accounts: [solanaAddress], caipNetworkId: solanaChain }
      ]
    })
  })
  it("refuses a malformed account, an account on a network not offered, a bad checksum and an unproposed namespace", async () => {
    for (const namespaces of [
      { eip155: namespace(["eip155:31337"]) },
      { eip155: namespace([`eip155:1:${evmAddress}`]) },
      { eip155: namespace([`eip155:31337:${evmAddress.replace("C51812dc", "c51812DC")}`]) },
      { solana: namespace([`${solanaChain}:0xnot-base58`]) },
      { cosmos: namespace(["cosmos:cosmoshub-4:cosmos1abc"]) },
      {}
    ]) {
      const result = await connections(namespaces)
      expect(result).toMatchObject({ _tag: "Failure", failure: { _tag: "InvalidAccountError" } })
    }
  })
})

describe("proposal namespaces", () => {
  it("offers EVM and Solana methods on the configured networks, the preferred one first", () => {
    const proposed = WalletConnect.proposalNamespaces([...networks], "eip155:31338")
    expect(proposed["eip155"]?.chains).toEqual(["eip155:31338", "eip155:31337"])
    expect(proposed["solana"]).toEqual({ chains: [solanaChain], methods: WalletConnect.solanaMethods, events: ["chainChanged", "accountsChanged"] })
    expect(WalletConnect.proposalNamespaces(["eip155:1"], undefined)).not.toHaveProperty("solana")
  })
})

const options = (relayUrl: string, storage = Storage.serviceOf(Storage.layerMemory)): WalletConnect.Options => ({
  projectId: "portico-test",
  relayUrl,
  metadata: { name: "Portico test", description: "test", url: "http://dapp.localhost", icons: [] },
  networks: ["eip155:31337", solanaChain],
  storage,
  openSocket
})

describe("request params", () => {
  it("refuses params that are neither an array nor an object before loading the client", async () => {
    const client = WalletConnect.make(options("ws://127.0.0.1:9"))
    const error = await Effect.runPromise(Effect.flip(client.request({ method: "eth_call", params: 5 })))
    expect(error).toMatchObject({ _tag: "RpcError", code: -32602 })
  })
})

describe("WalletConnect connector", () => {
  const storage = Storage.serviceOf(Storage.layerMemory)
  let relay: Relay
  let wallet: WcWallet
  let client: Connector.ConnectorClient
  const solanaKeys = { secretKey: new Uint8Array(64), address: "" }

  beforeAll(async () => {
    relay = await startRelay({})
    const { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey } = await import("@solana/kit")
    const keys = await createKeyPairFromPrivateKeyBytes(solanaSecret, true)
    const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey))
    solanaKeys.secretKey = Uint8Array.from([...solanaSecret, ...publicKey])
    solanaKeys.address = await getAddressFromPublicKey(keys.publicKey)
    wallet = await createWcWallet({
      relayUrl: relay.url,
      projectId: "portico-test",
      privateKey,
      url: "http://wallet.localhost",
      chains: [{ chainId: 31337, name: "Portico Local", rpcUrl: "http://127.0.0.1:9/" }],
      solana: { ...solanaKeys, chain: solanaChain, rpcUrl: "http://127.0.0.1:9/" }
    })
    client = WalletConnect.make(options(relay.url, storage))
  })

  afterAll(async () => {
    await Promise.allSettled([wallet?.close(), Effect.runPromise(Effect.ignore(client.disconnect))])
    await relay?.stop()
  })

  it("a refused proposal fails as a user rejection", async () => {
    const uri = nextUri(client)
    const connecting = Effect.runPromiseExit(client.connect({}))
    await wallet.pair(await uri)
    const [proposal] = (await until(wallet, (state) => state.proposals.length > 0)).proposals
    await wallet.rejectProposal(proposal!.id)
    const exit = await connecting
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isFailure(exit)) expect(JSON.stringify(exit.cause)).toContain("UserRejectedRequestError")
  })

  it("shows a wc: URI, connects EVM and Solana at once, and forwards requests of both", async () => {
    const uri = nextUri(client)
    const connecting = Effect.runPromise(client.connect({ caipNetworkId: "eip155:31337" }))
    const shown = await uri
    expect(shown).toMatch(/^wc:[0-9a-f]{64}@2\?relay-protocol=irn&symKey=[0-9a-f]{64}&expiryTimestamp=\d+$/)
    await wallet.pair(shown)
    const [proposal] = (await until(wallet, (state) => state.proposals.length > 0)).proposals
    await wallet.approveProposal(proposal!.id)
    const connected = await connecting
    expect(connected).toMatchObject({ namespace: "eip155", caipNetworkId: "eip155:31337", accounts: [account.address] })
    expect(connected.also).toEqual([expect.objectContaining({ namespace: "solana", caipNetworkId: solanaChain, accounts: [solanaKeys.address] })])
    expect(await Effect.runPromise(client.chain)).toBe("eip155:31337")

    const signing = Effect.runPromise(client.request({ method: "personal_sign", params: ["0x68656c6c6f", account.address] }))
    const [request] = (await until(wallet, (state) => state.requests.length > 0)).requests
    wallet.approveRequest(request!.key)
    expect(await signing).toMatch(/^0x[0-9a-f]{130}$/)

    const message = new TextEncoder().encode("hello solana")
    const solanaSigning = Effect.runPromise(client.request({ method: "solana_signMessage", params: { message } }))
    const [solanaRequest] = (await until(wallet, (state) => state.requests.length > 0)).requests
    expect(solanaRequest?.chainId).toBe(solanaChain)
    wallet.approveRequest(solanaRequest!.key)
    const signed = (await solanaSigning) as { readonly signature: Uint8Array }
    const { getPublicKeyFromAddress, verifySignature } = await import("@solana/kit")
    const publicKey = await getPublicKeyFromAddress(solanaKeys.address as Parameters<typeof getPublicKeyFromAddress>[0])
    expect(await verifySignature(publicKey, signed.signature as Parameters<typeof verifySignature>[1], message)).toBe(true)
  })

  it("reconnects to the stored session without a new pairing (a second client over the same storage)", async () => {
    const reloaded = WalletConnect.make(options(relay.url, storage))
    const evm = await Effect.runPromise(reloaded.reconnect({ caipNetworkId: "eip155:31337" }))
    expect(evm.accounts).toEqual([account.address])
    const solana = await Effect.runPromise(reloaded.reconnect({ caipNetworkId: solanaChain }))
    expect(solana).toMatchObject({ namespace: "solana", accounts: [solanaKeys.address] })
  })
})
