/**
 * WalletConnect through `@walletconnect/universal-provider`. The package (and its relay client) is
 * loaded by dynamic import the first time a visitor picks WalletConnect, never before: it is the
 * largest dependency and opens a WebSocket. The relay URL is configuration, so a self-hosted relay
 * (or the sandbox's) works.
 */
import type Provider from "@walletconnect/universal-provider"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Caip from "../Caip.ts"
import * as Connector from "../Connector.ts"
import * as RpcCode from "../RpcCode.ts"
import * as WalletError from "../WalletError.ts"
import * as Eip1193 from "./Eip1193.ts"

export interface Options {
  readonly projectId: string
  /** `wss://…` of the relay; the provider's default relay when absent. */
  readonly relayUrl?: string
  readonly metadata: { readonly name: string; readonly description: string; readonly url: string; readonly icons: ReadonlyArray<string> }
  /** The EVM networks offered to the wallet, with the RPC the provider uses for reads. */
  readonly networks: ReadonlyArray<{ readonly caipNetworkId: Caip.CaipNetworkId; readonly rpcUrl: string }>
  /** Keeps two clients on one page (tests) from sharing storage. */
  readonly storagePrefix?: string
  /**
   * WalletConnect's Verify attestation loads a hidden iframe from verify.walletconnect.org, which a
   * strict CSP (`frame-src`) refuses and a self-hosted relay does not need. Off unless asked for.
   */
  readonly verify?: boolean
}

export const connector: Connector.Connector = {
  id: "walletConnect",
  name: "WalletConnect",
  chain: "eip155",
  type: "WALLET_CONNECT"
}

const methods = [
  "eth_sendTransaction",
  "personal_sign",
  "eth_signTypedData_v4",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
  "wallet_sendCalls",
  "wallet_getCallsStatus",
  "wallet_getCapabilities"
]

/** The part of a WalletConnect session Portico reads; the wallet writes it, so it is decoded. */
const Session = Schema.Struct({
  namespaces: Schema.Record(Schema.String, Schema.Struct({ accounts: Schema.Array(Caip.CaipAddress) })),
  peer: Schema.optional(Schema.Struct({
    metadata: Schema.optional(Schema.Struct({
      name: Schema.optional(Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(100))),
      icons: Schema.optional(Schema.Array(Schema.String)),
      redirect: Schema.optional(Schema.Struct({ native: Schema.optional(Schema.String), universal: Schema.optional(Schema.String) }))
    }))
  }))
})

const decodeSession = Schema.decodeUnknownOption(Session)

/**
 * A registry wallet's link (`scheme://`, or `https://host/path`) plus `wc?uri=…`, the WalletConnect
 * deep link convention. Links that could run script (`javascript:`, `data:`…) give none.
 */
export const deepLink = (base: string, uri: string): string | undefined => {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(base) || /^(javascript|data|vbscript|file|blob):/i.test(base)) return undefined
  const separator = base.endsWith("/") ? "" : "/"
  return `${base}${separator}wc?uri=${encodeURIComponent(uri)}`
}

/**
 * `eip155:31337:0xabc` entries of a session → the network of the first and every address on it.
 * A session of another shape (or with a malformed account) gives none.
 */
export const accountsOf = (input: unknown): Connector.Connected | undefined => {
  const session = Option.getOrUndefined(decodeSession(input))
  if (session === undefined) return undefined
  const entries = Option.getOrUndefined(
    Effect.runSync(Effect.option(Effect.forEach(session.namespaces["eip155"]?.accounts ?? [], Caip.parseAddress)))
  )
  const first = entries?.[0]
  if (entries === undefined || first === undefined) return undefined
  const caipNetworkId = Caip.networkIdOf(first)
  const accounts = [...new Set(entries.filter((entry) => Caip.networkIdOf(entry) === caipNetworkId).map((entry) => entry.address))]
  const metadata = session.peer?.metadata
  const linking = metadata?.redirect?.native ?? metadata?.redirect?.universal
  const icon = metadata?.icons?.[0]
  // The wallet that answered names the account (Connection keeps its icon only from a safe source).
  const wallet = metadata?.name === undefined ? {} : { wallet: { name: metadata.name, ...(icon === undefined ? {} : { icon }) } }
  return linking === undefined || linking === ""
    ? { namespace: "eip155", accounts, caipNetworkId, ...wallet }
    : { namespace: "eip155", accounts, caipNetworkId, linking, ...wallet }
}

/**
 * WalletConnect reports a refused proposal as its SDK error 5000 "User rejected."; it is the same
 * act as an EIP-1193 4001, so it maps to the same tagged error (and the same wording in the modal).
 */
const failure = (cause: unknown): Connector.ConnectorFailure => {
  const mapped = Connector.failure(cause)
  return mapped._tag === "RpcError" && mapped.code === RpcCode.table.Default.code && /user rejected/i.test(mapped.message)
    ? new WalletError.UserRejectedRequestError({ code: RpcCode.table.UserRejectedRequest.code, message: mapped.message })
    : mapped
}

const attempt = <A>(evaluate: () => Promise<A>) => Effect.tryPromise({ try: evaluate, catch: failure })

export const make = (options: Options): Connector.ConnectorClient => {
  const listeners = new Set<(event: Connector.ConnectorEvent) => void>()
  const emit = (event: Connector.ConnectorEvent) => {
    for (const listener of listeners) listener(event)
  }
  let current: Connector.Connected | undefined
  let loading: Promise<Provider> | undefined

  const load = () => {
    loading ??= import("@walletconnect/universal-provider").then(async ({ UniversalProvider }) => {
      const provider = await UniversalProvider.init({
        projectId: options.projectId,
        metadata: { ...options.metadata, icons: [...options.metadata.icons] },
        ...(options.relayUrl === undefined ? {} : { relayUrl: options.relayUrl }),
        ...(options.storagePrefix === undefined ? {} : { customStoragePrefix: options.storagePrefix }),
        telemetryEnabled: false
      })
      // Without Verify a proposal carries no attestation, which wallets show as an unverified origin.
      if (options.verify !== true) provider.client.core.verify.register = () => Promise.resolve(undefined)
      provider.on("display_uri", (uri: unknown) => {
        if (typeof uri === "string") emit({ _tag: "DisplayUri", uri })
      })
      provider.on("accountsChanged", (accounts: unknown) => {
        if (Array.isArray(accounts)) emit({ _tag: "AccountsChanged", accounts: accounts.filter((a) => typeof a === "string") })
      })
      provider.on("chainChanged", (chainId: unknown) => {
        const caipNetworkId = Eip1193.caipNetworkIdOf(chainId)
        if (caipNetworkId !== undefined) {
          if (current !== undefined) current = { ...current, caipNetworkId }
          emit({ _tag: "ChainChanged", caipNetworkId })
        }
      })
      provider.on("session_delete", () => {
        current = undefined
        emit({ _tag: "Disconnected" })
      })
      return provider
    })
    return loading
  }

  const fail = (message: string) => new Connector.ConnectorError({ connectorId: connector.id, message })

  const settle = (session: unknown) => {
    const connected = accountsOf(session)
    if (connected === undefined || connected.accounts.length === 0) return Effect.fail(fail("The wallet returned no account"))
    current = connected
    return Effect.succeed(connected)
  }

  const connect = (connectOptions: Connector.ConnectOptions) =>
    Effect.gen(function*() {
      const provider = yield* attempt(load)
      const chains = options.networks.map((network) => network.caipNetworkId)
      const preferred = connectOptions.caipNetworkId
      const ordered = preferred !== undefined && chains.includes(preferred)
        ? [preferred, ...chains.filter((chain) => chain !== preferred)]
        : chains
      const session = yield* attempt(() =>
        provider.connect({
          optionalNamespaces: {
            eip155: {
              methods,
              chains: ordered,
              events: ["chainChanged", "accountsChanged"],
              rpcMap: Object.fromEntries(options.networks.map((n) => [n.caipNetworkId.split(":")[1], n.rpcUrl]))
            }
          }
        })
      )
      return yield* settle(session)
    }).pipe(
      // An abandoned attempt must not leave a pairing proposal waiting on the relay.
      Effect.onInterrupt(() => Effect.promise(() => load().then((provider) => provider.abortPairingAttempt())))
    )

  return {
    connector,
    connect,
    reconnect: () => Effect.flatMap(attempt(load), (provider) => settle(provider.session)),
    disconnect: Effect.gen(function*() {
      const provider = yield* attempt(load)
      current = undefined
      if (provider.session !== undefined) yield* attempt(() => provider.disconnect())
    }),
    accounts: Effect.sync(() => current?.accounts ?? []),
    chain: Effect.suspend(() =>
      current === undefined ? Effect.fail(fail("The wallet is not connected")) : Effect.succeed(current.caipNetworkId)
    ),
    request: (args) => {
      const { method, params } = args
      // EIP-1193 params are an array or an object; anything else never reaches the wallet.
      if (params !== undefined && (typeof params !== "object" || params === null)) {
        return Effect.fail(failure({ code: RpcCode.table.InvalidParams.code, message: "Request params must be an array or an object" }))
      }
      return Effect.flatMap(attempt(load), (provider) =>
        attempt(() => provider.request(params === undefined ? { method } : { method, params }, current?.caipNetworkId)))
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
