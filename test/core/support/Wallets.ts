/**
 * Local wallets for core tests: connectors that answer as a test says and die on anything else,
 * the two sandbox-like networks, and a Web Storage kept across two "page loads".
 */
import * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import * as Eip6963 from "../../../core/connectors/Eip6963.ts"
import type * as Caip from "../../../core/Caip.ts"
import type * as Connector from "../../../core/Connector.ts"
import type * as Network from "../../../core/Network.ts"
import * as WalletError from "../../../core/WalletError.ts"

export const evmAddress = "0x00000000000000000000000000000000000000aa"
export const solAddress = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"
export const solNetwork = "solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ" as const

export const networks: ReadonlyArray<Network.Network> = [
  {
    id: 31337,
    caipNetworkId: "eip155:31337",
    chainNamespace: "eip155",
    name: "Portico Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: ["http://127.0.0.1:1"] } }
  },
  {
    id: "4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ",
    caipNetworkId: solNetwork,
    chainNamespace: "solana",
    name: "Portico Solana",
    nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
    rpcUrls: { default: { http: ["http://127.0.0.1:1"] } }
  }
]

export interface Fake {
  readonly client: Connector.ConnectorClient
  readonly emit: (event: Connector.ConnectorEvent) => void
  readonly calls: Array<string>
}

/** A wallet's connector: each operation answers as given, anything not given dies. */
export const fake = (
  connector: Connector.Connector,
  answers: {
    readonly connect?: Effect.Effect<Connector.Connected, Connector.ConnectorFailure>
    readonly reconnect?: Effect.Effect<Connector.Connected, Connector.ConnectorFailure>
    readonly disconnect?: Effect.Effect<void, Connector.ConnectorFailure>
    readonly release?: (namespace: string) => Effect.Effect<void, Connector.ConnectorFailure>
    readonly request?: (args: Connector.RequestArguments) => Effect.Effect<unknown, Connector.ConnectorFailure>
    /** A wallet whose requests name no account (Wallet Standard): told which one signs. */
    readonly selectAccount?: (namespace: Caip.ChainNamespace, address: string) => Effect.Effect<void, Connector.ConnectorError>
    /** Where the wallet lands when asked to switch (default: dies). */
    readonly switchChain?: (network: Network.Network) => Effect.Effect<Caip.CaipNetworkId, Connector.ConnectorFailure>
  }
): Fake => {
  const listeners = new Set<(event: Connector.ConnectorEvent) => void>()
  const calls: Array<string> = []
  const die = Effect.die(`${connector.id}: not part of this fake`)
  const track = <A, E>(name: string, effect: Effect.Effect<A, E> | undefined) =>
    Effect.suspend(() => {
      calls.push(name)
      return effect ?? die
    })
  return {
    calls,
    emit: (event) => listeners.forEach((listener) => listener(event)),
    client: {
      connector,
      connect: () => track("connect", answers.connect),
      reconnect: () => track("reconnect", answers.reconnect),
      disconnect: track("disconnect", answers.disconnect),
      ...(answers.release === undefined ? {} : { release: (namespace: Connector.Connected["namespace"]) => track(`release:${namespace}`, answers.release?.(namespace)) }),
      ...(answers.selectAccount === undefined
        ? {}
        : { selectAccount: (namespace: Caip.ChainNamespace, address: string) => track(`selectAccount:${address}`, answers.selectAccount?.(namespace, address)) }),
      accounts: die,
      chain: die,
      request: (args) => track(`request:${args.method}`, answers.request?.(args)),
      switchChain: (network) => track(`switchChain:${network.caipNetworkId}`, answers.switchChain?.(network)),
      subscribe: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      }
    }
  }
}

export const evmConnector: Connector.Connector = { id: "com.demo.evm", name: "Demo EVM", chain: "eip155", info: { rdns: "com.demo.evm" }, type: "ANNOUNCED" }
export const solConnector: Connector.Connector = { id: "wallet-standard:Demo Solana", name: "Demo Solana", chain: "solana", type: "WALLET_STANDARD" }
export const evmConnected: Connector.Connected = { namespace: "eip155", accounts: [evmAddress], caipNetworkId: "eip155:31337" }
export const solConnected: Connector.Connected = { namespace: "solana", accounts: [solAddress], caipNetworkId: solNetwork }
export const rejected = new WalletError.UserRejectedRequestError({ code: 4001, message: "User rejected the request." })

/** A Web Storage kept across two "page loads" of the layer. */
export const memoryWebStorage = (): globalThis.Storage => {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value)
  }
}

/**
 * The connectors a page discovers when these clients registered (no EIP-6963 wallet, no WalletConnect), and
 * the mini-app host's wallet when `hosted` finds one.
 */
export const connectorsOf = (clients: ReadonlyArray<Connector.ConnectorClient>, hosted?: Effect.Effect<Option.Option<Connector.ConnectorClient>>) =>
  Connectors.layer({
    eip6963: (onChange) => {
      onChange(Eip6963.empty)
      return () => undefined
    },
    walletStandard: (onChange) => {
      onChange(clients)
      return () => undefined
    },
    walletConnect: undefined,
    hosted
  })
