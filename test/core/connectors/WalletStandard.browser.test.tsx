import { getWallets } from "@wallet-standard/app"
import type { Wallet, WalletAccount } from "@wallet-standard/base"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { afterEach, describe, expect, it } from "vitest"
import type * as Connector from "../../../core/Connector.ts"
import * as WalletStandard from "../../../core/connectors/WalletStandard.ts"
import * as WalletStandardListing from "../../../core/connectors/WalletStandardListing.ts"
import * as Caip from "../../../core/Caip.ts"
import type * as Network from "../../../core/Network.ts"

const icon = "data:image/png;base64,iVBORw0KGgo=" as const
const network = "solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ" as const

const account: WalletAccount = {
  address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  publicKey: new Uint8Array(32),
  chains: [network],
  features: ["solana:signMessage"]
}

/** A Wallet Standard wallet as a page sees it; `reject` makes connect refuse like a visitor would. */
const fakeWallet = (
  name: string,
  options: {
    readonly reject?: boolean
    readonly icon?: string
    readonly chains?: ReadonlyArray<string>
    /** The accounts it grants (default: one); each message it signs records its signer's address here. */
    readonly accounts?: ReadonlyArray<WalletAccount>
    readonly signers?: Array<string>
    /** The `chain` of each transaction it is asked to sign. */
    readonly chainsAsked?: Array<string>
  } = {}
): Wallet => {
  let accounts: ReadonlyArray<WalletAccount> = []
  return {
    version: "1.0.0",
    name,
    icon: (options.icon ?? icon) as Wallet["icon"],
    chains: (options.chains ?? [network]) as Wallet["chains"],
    get accounts() {
      return accounts
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          if (options.reject === true) throw { code: 4001, message: "User rejected the request." }
          accounts = options.accounts ?? [account]
          return { accounts }
        }
      },
      "standard:disconnect": { version: "1.0.0", disconnect: async () => { accounts = [] } },
      "solana:signTransaction": {
        version: "1.0.0",
        signTransaction: async (...inputs: ReadonlyArray<{ readonly transaction: Uint8Array; readonly chain?: string }>) =>
          inputs.map(({ transaction, chain }) => {
            options.chainsAsked?.push(chain ?? "")
            return { signedTransaction: transaction }
          })
      },
      "solana:signMessage": {
        version: "1.1.0",
        signMessage: async (...inputs: ReadonlyArray<{ readonly account: WalletAccount; readonly message: Uint8Array }>) =>
          inputs.map(({ account: signer, message }) => {
            options.signers?.push(signer.address)
            return { signedMessage: message, signature: new Uint8Array(64).fill(7) }
          })
      }
    }
  }
}

let stops: Array<() => void> = []
afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
})

/** A Solana network as the host configures it, to switch to. */
const solanaNetwork = (caipNetworkId: `solana:${string}`): Network.Network => ({
  id: Caip.referenceOf(caipNetworkId),
  caipNetworkId,
  chainNamespace: "solana",
  name: caipNetworkId,
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["https://rpc.invalid"] } }
})

const signTransaction = (client: Connector.ConnectorClient) =>
  Effect.runPromise(client.request({ method: "solana_signTransaction", params: { transaction: new Uint8Array([1]) } }))

const watchAll = () => {
  let latest: ReadonlyArray<Connector.ConnectorClient> = []
  stops.push(WalletStandard.watch((clients) => {
    latest = clients
  }))
  return () => latest.map((client) => client.connector.name)
}

describe("Wallet Standard discovery in a real page", () => {
  it("lists Solana wallets registered before and after it starts, and drops unregistered ones", () => {
    stops.push(getWallets().register(fakeWallet("Before")))
    const names = watchAll()
    expect(names()).toContain("Before")
    const unregister = getWallets().register(fakeWallet("After"))
    expect(names()).toContain("After")
    unregister()
    expect(names()).not.toContain("After")
  })

  it("follows the listable wallets without clients (the first stage's list), and keeps a wallet's client while it stays", () => {
    let listed: ReadonlyArray<Wallet> = []
    stops.push(WalletStandardListing.watchListed((wallets) => {
      listed = wallets
    }))
    const clients = watchAll()
    const kept = fakeWallet("Kept")
    stops.push(getWallets().register(kept))
    stops.push(getWallets().register(fakeWallet("Bad icon", { icon: "http://evil.example/i.png" })))
    const unregister = getWallets().register(fakeWallet("Leaving"))
    expect(listed.map((wallet) => wallet.name)).toEqual(expect.arrayContaining(["Kept", "Leaving"]))
    expect(listed.map((wallet) => wallet.name)).not.toContain("Bad icon")
    expect(WalletStandardListing.connectorOf(kept)).toEqual({ id: "wallet-standard:Kept", name: "Kept", chain: "solana", imageUrl: icon, type: "WALLET_STANDARD" })
    unregister()
    expect(listed.map((wallet) => wallet.name)).not.toContain("Leaving")
    expect(clients()).toEqual(listed.map((wallet) => wallet.name))
  })

  it("refuses wallets with an unsafe icon or no Solana chain", () => {
    const names = watchAll()
    stops.push(getWallets().register(fakeWallet("Js icon", { icon: "javascript:alert(1)" })))
    stops.push(getWallets().register(fakeWallet("Evm only", { chains: ["eip155:1"] })))
    expect(names()).not.toContain("Js icon")
    expect(names()).not.toContain("Evm only")
  })

  it("connects, signs a message and maps a rejection", async () => {
    const good = WalletStandard.make(fakeWallet("Good"))
    const connected = await Effect.runPromise(good.connect({ caipNetworkId: network }))
    expect(connected).toEqual({ namespace: "solana", accounts: [account.address], caipNetworkId: network })
    const signed = await Effect.runPromise(good.request({ method: "solana_signMessage", params: { message: new Uint8Array([1, 2]) } }))
    expect((signed as { readonly signature: Uint8Array }).signature.length).toBe(64)
    const unsupported = await Effect.runPromiseExit(good.request({ method: "solana_unknown" }))
    expect(Exit.isFailure(unsupported) && JSON.stringify(unsupported.cause).includes("UnsupportedMethodError")).toBe(true)

    const exit = await Effect.runPromiseExit(WalletStandard.make(fakeWallet("No", { reject: true })).connect({}))
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause).includes("UserRejectedRequestError")).toBe(true)
  })

  it("lists every Solana account the wallet grants, in its order, and signs with the one made active", async () => {
    const second: WalletAccount = { ...account, address: "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T" }
    const bitcoin: WalletAccount = { ...account, address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", chains: ["bip122:000000000019d6689c085ae165831e93"] }
    const signers: Array<string> = []
    const client = WalletStandard.make(fakeWallet("Several", { accounts: [account, bitcoin, second], signers }))
    const connected = await Effect.runPromise(client.connect({ caipNetworkId: network }))
    expect(connected.accounts).toEqual([account.address, second.address])
    const sign = () => Effect.runPromise(client.request({ method: "solana_signMessage", params: { message: new Uint8Array([1]) } }))
    await sign()
    await Effect.runPromise(client.selectAccount!("solana", second.address))
    await sign()
    expect(signers).toEqual([account.address, second.address])
    const refused = await Effect.runPromiseExit(client.selectAccount!("solana", bitcoin.address))
    expect(Exit.isFailure(refused) && JSON.stringify(refused.cause).includes("ConnectorError")).toBe(true)
  })

  it("reads a real wallet's cluster names as the networks they are, and names the network to the wallet as it listed it", async () => {
    const mainnet = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    const devnet = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
    const chainsAsked: Array<string> = []
    const clusters: WalletAccount["chains"] = ["solana:mainnet", "solana:devnet", "solana:testnet"]
    const phantomLike = WalletStandard.make(fakeWallet("Clusters", { chains: clusters, accounts: [{ ...account, chains: clusters }], chainsAsked }))
    expect(WalletStandardListing.isListable(fakeWallet("Clusters", { chains: clusters }))).toBe(true)
    const connected = await Effect.runPromise(phantomLike.connect({ caipNetworkId: mainnet }))
    expect(connected.caipNetworkId).toBe(mainnet)
    await signTransaction(phantomLike)
    expect(await Effect.runPromise(phantomLike.switchChain(solanaNetwork(devnet)))).toBe(devnet)
    await signTransaction(phantomLike)
    // A network it does not list leaves it where it is.
    expect(await Effect.runPromise(phantomLike.switchChain(solanaNetwork(network)))).toBe(devnet)
    expect(chainsAsked).toEqual(["solana:mainnet", "solana:devnet"])

    // Asked for no network, it lands on the first public one it lists, by its genesis id.
    expect((await Effect.runPromise(WalletStandard.make(fakeWallet("Clusters", { chains: clusters, accounts: [{ ...account, chains: clusters }] })).connect({}))).caipNetworkId).toBe(mainnet)

    // A local validator (the sandbox's, a developer's) is `solana:localnet` to the wallet and the page's own network to Portico.
    const localChains: WalletAccount["chains"] = ["solana:localnet"]
    const local = WalletStandard.make(fakeWallet("Local", { chains: localChains, accounts: [{ ...account, chains: localChains }], chainsAsked }))
    expect((await Effect.runPromise(local.connect({ caipNetworkId: network }))).caipNetworkId).toBe(network)
    await signTransaction(local)
    expect(chainsAsked.at(-1)).toBe("solana:localnet")
  })
})
