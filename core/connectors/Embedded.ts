/**
 * The embedded wallet as a connector (spec §3 type AUTH): its EVM and Solana accounts in one login, every
 * request an RPC_REQUEST to the frame, which answers safe methods at once and asks the visitor in its own
 * panel for the others (spec §6). The frame (its chunk and its iframe) loads at the first use; a visitor
 * who never logs in with email or a social account never loads it.
 *
 * Connecting does not log in: the login (core/features/EmbeddedLogin.ts) happens first, in the frame, and
 * connecting then takes the accounts of the unlocked wallet.
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as Caip from "../Caip.ts"
import * as Connector from "../Connector.ts"
import type { EmbeddedFrame, FrameFailure } from "../embedded/FrameChannel.ts"
import type * as Protocol from "../embedded/FrameProtocol.ts"
import * as WalletError from "../WalletError.ts"
import * as Eip1193 from "./Eip1193.ts"
import { connector, connectorId } from "./EmbeddedConnector.ts"

export interface Options {
  /** The frame, attached at the first call (the app loads its chunk then). */
  readonly frame: () => Promise<EmbeddedFrame["Service"]>
  /** The host's eip155 and solana networks. */
  readonly networks: ReadonlyArray<Caip.CaipNetworkId>
}

/** The frame's refusals as wallet errors by their EIP-1193 code; the frame's own failures as connector errors. */
const failureOf = (error: FrameFailure): Connector.ConnectorFailure =>
  error._tag === "EmbeddedFrameRequestError" && error.code !== undefined
    ? WalletError.fromProviderError({ code: error.code, message: error.message })
    : new Connector.ConnectorError({ connectorId, message: error.message })

const namespaceOf = (network: string): "eip155" | "solana" | undefined => {
  const namespace = Caip.namespaceOf(network)
  return namespace === "eip155" || namespace === "solana" ? namespace : undefined
}

export const make = (options: Options): Connector.ConnectorClient => {
  const listeners = new Set<(event: Connector.ConnectorEvent) => void>()
  const emit = (event: Connector.ConnectorEvent) => {
    for (const listener of listeners) listener(event)
  }
  /** The network each namespace is on (the frame's answer, then its chain events). */
  const current = new Map<"eip155" | "solana", Caip.CaipNetworkId>()
  let watching = false

  /** The frame's own events, turned into connector events; followed from the first use on. */
  const watch = (frame: EmbeddedFrame["Service"]) => {
    if (watching) return
    watching = true
    Effect.runFork(Stream.runForEach(frame.events, (event) => Effect.sync(() => {
      switch (event.type) {
        case "ACCOUNTS_CHANGED":
          for (const namespace of ["eip155", "solana"] as const) {
            const accounts = event.accounts.filter((account) => account.namespace === namespace).map((account) => account.address)
            if (accounts.length > 0) emit({ _tag: "AccountsChanged", namespace, accounts })
          }
          return
        case "CHAIN_CHANGED": {
          const namespace = namespaceOf(event.chainId)
          if (namespace === undefined || !options.networks.includes(event.chainId as Caip.CaipNetworkId)) return
          current.set(namespace, event.chainId as Caip.CaipNetworkId)
          return emit({ _tag: "ChainChanged", namespace, caipNetworkId: event.chainId as Caip.CaipNetworkId })
        }
        // The session ended on the server, or the wallet's own window (where it ran) was closed.
        case "SESSION_EXPIRED":
        case "WINDOW_CLOSED":
          return emit({ _tag: "Disconnected" })
        default:
          return
      }
    })))
  }

  const withFrame = <A>(use: (frame: EmbeddedFrame["Service"]) => Effect.Effect<A, FrameFailure | Connector.ConnectorFailure>) =>
    Effect.tryPromise({
      try: options.frame,
      catch: () => new Connector.ConnectorError({ connectorId, message: "Network Error - Could not load embedded wallet" })
    }).pipe(
      Effect.tap((frame) => Effect.sync(() => watch(frame))),
      Effect.flatMap((frame) => use(frame)),
      Effect.mapError((error): Connector.ConnectorFailure =>
        error._tag === "EmbeddedFrameRequestError" || error._tag === "EmbeddedFrameLoadError" || error._tag === "EmbeddedFrameTimeoutError" ||
          error._tag === "EmbeddedWalletStorageBlockedError" || error._tag === "EmbeddedWalletWindowClosedError"
          ? failureOf(error)
          : error)
    )

  const ask = <T extends Protocol.RequestType>(type: T, payload: Protocol.Payload<T>) =>
    withFrame((frame) => frame.request(type, payload))

  /** The unlocked wallet's accounts, on the network asked for when the host has it. */
  const accountsOf = (connectOptions: Connector.ConnectOptions) =>
    withFrame((frame) =>
      Effect.gen(function*() {
        const keys = yield* frame.request("GET_KEY_STATE", {})
        if (keys.state !== "ready") {
          return yield* new Connector.ConnectorError({ connectorId, message: "Log in with email or a social account first" })
        }
        const wanted = connectOptions.caipNetworkId
        const evmNetwork = wanted !== undefined && namespaceOf(wanted) === "eip155" && options.networks.includes(wanted)
          ? (yield* frame.request("SWITCH_NETWORK", { chainId: wanted })).chainId
          : (yield* frame.request("GET_CHAIN_ID", {})).chainId
        const solanaNetwork = options.networks.find((network) => namespaceOf(network) === "solana")
        const connections: Array<Connector.Connected> = []
        for (const namespace of ["eip155", "solana"] as const) {
          const network = namespace === "eip155" ? evmNetwork : solanaNetwork
          const accounts = keys.user.accounts.filter((account) => account.namespace === namespace).map((account) => account.address)
          if (network === undefined || namespaceOf(network) !== namespace || accounts.length === 0) continue
          current.set(namespace, network as Caip.CaipNetworkId)
          connections.push(yield* Connector.validateConnected(connectorId, { namespace, accounts, caipNetworkId: network as Caip.CaipNetworkId }))
        }
        const preferred = wanted === undefined ? "eip155" : namespaceOf(wanted)
        const primary = connections.find((connection) => connection.namespace === preferred) ?? connections[0]
        if (primary === undefined) return yield* new Connector.ConnectorError({ connectorId, message: "The embedded wallet has no account on the configured networks" })
        const also = connections.filter((connection) => connection !== primary)
        return also.length === 0 ? primary : { ...primary, also }
      }))

  /** Network switching is the frame's own app event (spec §7), not an RPC call. */
  const switchChain = (params: unknown) => {
    const [target] = Array.isArray(params) ? params : []
    const chainId = Eip1193.caipNetworkIdOf(typeof target === "object" && target !== null && "chainId" in target ? target.chainId : undefined)
    if (chainId === undefined || !options.networks.includes(chainId)) {
      return Effect.fail(new WalletError.UnrecognizedChainError({ code: 4902, message: "Unrecognized chain ID" }))
    }
    return Effect.map(ask("SWITCH_NETWORK", { chainId }), (switched) => {
      current.set("eip155", switched.chainId as Caip.CaipNetworkId)
      emit({ _tag: "ChainChanged", namespace: "eip155", caipNetworkId: switched.chainId as Caip.CaipNetworkId })
      return null
    })
  }

  return {
    connector,
    switchChain: (network) =>
      network.chainNamespace === "eip155"
        ? Effect.map(switchChain([{ chainId: Eip1193.hexChainId(network.caipNetworkId) }]), () => current.get("eip155") ?? network.caipNetworkId)
        // The frame holds one Solana key for every cluster: the page picks the cluster its requests go to.
        : Effect.sync(() => {
          if (network.chainNamespace === "solana" && options.networks.includes(network.caipNetworkId) && current.has("solana")) {
            current.set("solana", network.caipNetworkId)
          }
          return current.get("solana") ?? network.caipNetworkId
        }),
    connect: accountsOf,
    reconnect: (connectOptions) =>
      Effect.flatMap(ask("IS_CONNECTED", {}), ({ isConnected }) =>
        isConnected ? accountsOf(connectOptions) : Effect.fail(new Connector.ConnectorError({ connectorId, message: "Session Expired" }))),
    disconnect: Effect.asVoid(ask("SIGN_OUT", {})),
    accounts: Effect.map(ask("GET_USER", {}), (user) =>
      user.accounts.filter((account) => account.namespace === "eip155").map((account) => account.address)),
    chain: Effect.map(ask("GET_CHAIN_ID", {}), ({ chainId }) => chainId as Caip.CaipNetworkId),
    request: (args) => {
      if (args.method === "wallet_switchEthereumChain") return switchChain(args.params)
      const namespace = args.method.startsWith("solana_") ? "solana" : "eip155"
      const chainId = current.get(namespace)
      if (chainId === undefined) {
        return Effect.fail(new WalletError.UnauthorizedError({ code: 4100, message: `No ${namespace} account connected` }))
      }
      return Effect.map(
        ask("RPC_REQUEST", { chainId, method: args.method, ...(args.params === undefined ? {} : { params: args.params }) }),
        (answer) => answer.result
      )
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
