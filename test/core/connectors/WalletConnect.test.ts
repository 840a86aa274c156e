/**
 * The WalletConnect connector against the sandbox relay and the sandbox's WalletConnect demo wallet
 * logic: the pairing URI arrives as an event, an approved proposal connects with the wallet's
 * account and chain, requests go through, and a refused proposal is a user rejection.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type * as Connector from "../../../core/Connector.ts"
import * as WalletConnect from "../../../core/connectors/WalletConnect.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { type Relay, startRelay } from "../../../sandbox/relay/Relay.ts"
import { createWcWallet, type WcWallet } from "../../../sandbox/wc-wallet/WcWallet.ts"
import { until } from "../../support/wcWallet.ts"

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
    expect(WalletConnect.deepLink("demowallet://", uri)).toBe(`demowallet://wc?uri=${encodeURIComponent(uri)}`)
    expect(WalletConnect.deepLink("https://wallet.example/app", uri)).toBe(`https://wallet.example/app/wc?uri=${encodeURIComponent(uri)}`)
    expect(WalletConnect.deepLink("https://wallet.example/", uri)).toBe(`https://wallet.example/wc?uri=${encodeURIComponent(uri)}`)
  })
  it("refuses links that could run script or are not links", () => {
    expect(WalletConnect.deepLink("javascript:alert(1)//", uri)).toBeUndefined()
    expect(WalletConnect.deepLink("data:text/html,x", uri)).toBeUndefined()
    expect(WalletConnect.deepLink("not a link", uri)).toBeUndefined()
  })
})

describe("session accounts", () => {
  it("reads the network of the first account and every address on it", () => {
    expect(WalletConnect.accountsOf({
      namespaces: { eip155: { accounts: ["eip155:31337:0xaa", "eip155:31338:0xaa", "eip155:31337:0xbb"] } },
      peer: { metadata: { redirect: { native: "demowallet://" } } }
    })).toEqual({ namespace: "eip155", accounts: ["0xaa", "0xbb"], caipNetworkId: "eip155:31337", linking: "demowallet://" })
    expect(WalletConnect.accountsOf({ namespaces: {} })).toBeUndefined()
  })
  it("names the wallet that answered with its metadata's name and first icon", () => {
    expect(WalletConnect.accountsOf({
      namespaces: { eip155: { accounts: ["eip155:31337:0xaa"] } },
      peer: { metadata: { name: "Demo Mobile", icons: ["https://wallet.example/icon.png"] } }
    })).toEqual({ namespace: "eip155", accounts: ["0xaa"], caipNetworkId: "eip155:31337", wallet: { name: "Demo Mobile", icon: "https://wallet.example/icon.png" } })
  })
  it("gives no account for a session of another shape or with a malformed account", () => {
    expect(WalletConnect.accountsOf({ namespaces: { eip155: { accounts: ["eip155:31337"] } } })).toBeUndefined()
    expect(WalletConnect.accountsOf({ namespaces: { eip155: { accounts: ["unknown:1:0xaa"] } } })).toBeUndefined()
    expect(WalletConnect.accountsOf({ namespaces: { eip155: { accounts: [42] } } })).toBeUndefined()
    expect(WalletConnect.accountsOf(undefined)).toBeUndefined()
  })
})

describe("request params", () => {
  it("refuses params that are neither an array nor an object before loading the provider", async () => {
    const client = WalletConnect.make({
      projectId: "unused",
      metadata: { name: "t", description: "t", url: "https://t.example", icons: [] },
      networks: []
    })
    const error = await Effect.runPromise(Effect.flip(client.request({ method: "eth_call", params: 5 })))
    expect(error).toMatchObject({ _tag: "RpcError", code: -32602 })
  })
})

describe("WalletConnect connector", () => {
  const storagePrefix = `dapp-${Math.random()}`
  let relay: Relay
  let wallet: WcWallet
  let client: Connector.ConnectorClient

  beforeAll(async () => {
    relay = await startRelay({})
    wallet = await createWcWallet({
      relayUrl: relay.url,
      projectId: "portico-test",
      privateKey,
      url: "http://wallet.localhost",
      storagePrefix: `wallet-${Math.random()}`,
      chains: [{ chainId: 31337, name: "Portico Local", rpcUrl: "http://127.0.0.1:9/" }]
    })
    client = WalletConnect.make({
      projectId: "portico-test",
      relayUrl: relay.url,
      metadata: { name: "Portico test", description: "test", url: "http://dapp.localhost", icons: [] },
      networks: [{ caipNetworkId: "eip155:31337", rpcUrl: "http://127.0.0.1:9/" }],
      storagePrefix
    })
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

  it("shows a wc: URI, connects with the wallet's account when approved, and forwards requests", async () => {
    const uri = nextUri(client)
    const connecting = Effect.runPromise(client.connect({ caipNetworkId: "eip155:31337" }))
    const shown = await uri
    expect(shown).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(shown)
    const [proposal] = (await until(wallet, (state) => state.proposals.some((p) => p.id !== undefined))).proposals
    await wallet.approveProposal(proposal!.id)
    const connected = await connecting
    expect(connected.namespace).toBe("eip155")
    expect(connected.caipNetworkId).toBe("eip155:31337")
    expect(connected.accounts.map((a) => a.toLowerCase())).toEqual([account.address.toLowerCase()])
    expect(await Effect.runPromise(client.chain)).toBe("eip155:31337")

    const signing = Effect.runPromise(client.request({ method: "personal_sign", params: ["0x68656c6c6f", account.address] }))
    const [request] = (await until(wallet, (state) => state.requests.length > 0)).requests
    wallet.approveRequest(request!.key)
    expect(await signing).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it("reconnects to an existing session without a new pairing (a second client with the same storage)", async () => {
    const reloaded = WalletConnect.make({
      projectId: "portico-test",
      relayUrl: relay.url,
      metadata: { name: "Portico test", description: "test", url: "http://dapp.localhost", icons: [] },
      networks: [{ caipNetworkId: "eip155:31337", rpcUrl: "http://127.0.0.1:9/" }],
      storagePrefix
    })
    const restored = await Effect.runPromise(reloaded.reconnect({}))
    expect(restored.accounts.map((a) => a.toLowerCase())).toEqual([account.address.toLowerCase()])
  })
})
