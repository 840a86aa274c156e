/**
 * Network switching (spec §4 "Network switching"): the active network per namespace, the active
 * namespace, the switching-namespace flag, and the EVM wallet dance (switch; on 4902 add the chain,
 * then re-read the chain id, since the wallet decides where it actually landed).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Caip from "./Caip.ts"
import type * as Connector from "./Connector.ts"
import * as Eip1193 from "./connectors/Eip1193.ts"
import type * as Network from "./Network.ts"
import { fixed } from "./FixedMessage.ts"
import * as Send from "./Send.ts"
import * as Storage from "./Storage.ts"
import * as StorageKey from "./StorageKey.ts"

export interface NetworksState {
  /** The networks the host configured (the "requested" networks). */
  readonly networks: ReadonlyArray<Network.Network>
  /** The network each namespace is on; may be one the host did not configure (a wallet's choice). */
  readonly activeIds: Partial<Record<Caip.ChainNamespace, Caip.CaipNetworkId>>
  readonly activeNamespace: Caip.ChainNamespace | undefined
  /** Set when a switch changed the namespace (the views reload what depends on it). */
  readonly switchingNamespace: boolean
}

export const make = (networks: ReadonlyArray<Network.Network>): NetworksState => {
  const first = networks[0]
  return {
    networks,
    activeIds: Object.fromEntries(
      [...new Set(networks.map((network) => network.chainNamespace))].map((namespace) => [
        namespace,
        networks.find((network) => network.chainNamespace === namespace)?.caipNetworkId
      ])
    ),
    activeNamespace: first?.chainNamespace,
    switchingNamespace: false
  }
}

export const activeNetworkId = (state: NetworksState): Caip.CaipNetworkId | undefined =>
  state.activeNamespace === undefined ? undefined : state.activeIds[state.activeNamespace]

export const find = (state: NetworksState, caipNetworkId: string): Network.Network | undefined =>
  state.networks.find((network) => network.caipNetworkId === caipNetworkId)

/** Makes `caipNetworkId` the active network of its namespace and that namespace the active one (an id of an unknown namespace changes nothing). */
export const activate = (state: NetworksState, caipNetworkId: Caip.CaipNetworkId): NetworksState => {
  const namespace = caipNetworkId.split(":")[0]
  if (!Caip.isChainNamespace(namespace)) return state
  return {
    ...state,
    activeIds: { ...state.activeIds, [namespace]: caipNetworkId },
    activeNamespace: namespace,
    switchingNamespace: state.activeNamespace !== undefined && state.activeNamespace !== namespace
  }
}

/** The EIP-3085 parameters of `wallet_addEthereumChain` for a configured network. */
export const addChainParameters = (network: Network.Network) => ({
  chainId: Eip1193.hexChainId(network.caipNetworkId),
  chainName: network.name,
  nativeCurrency: network.nativeCurrency,
  rpcUrls: network.rpcUrls.default.http,
  ...(network.blockExplorers === undefined ? {} : { blockExplorerUrls: [network.blockExplorers.default.url] })
})

/** Asks the wallet to switch; a 4902 (unknown chain) adds it first. Returns where the wallet is. */
const switchEvm = (network: Network.Network, wallet: Connector.ConnectorClient) =>
  Effect.gen(function*() {
    const chainId = Eip1193.hexChainId(network.caipNetworkId)
    yield* wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId }] }).pipe(
      Effect.catchTag("UnrecognizedChainError", () =>
        wallet.request({ method: "wallet_addEthereumChain", params: [addChainParameters(network)] }))
    )
    return yield* wallet.chain
  })

/** The send form, reset on every network switch. */
export class SendForm extends Context.Service<SendForm, SubscriptionRef.SubscriptionRef<Send.SendState>>()(
  "portico/core/Networks/SendForm"
) {
  static readonly layer = Layer.effect(SendForm, SubscriptionRef.make(Send.initial))
}

export class Networks extends Context.Service<Networks, {
  readonly state: SubscriptionRef.SubscriptionRef<NetworksState>
  /**
   * Switches to a configured network. With the connected EVM wallet's client, the wallet is asked
   * first and the active network becomes whatever chain it reports afterwards.
   */
  readonly switchNetwork: (
    network: Network.Network,
    wallet?: Connector.ConnectorClient
  ) => Effect.Effect<void, Connector.ConnectorFailure | NetworkNotFoundError>
  /** A wallet moved on its own (chainChanged) or a connection settled on a network. */
  readonly walletOn: (caipNetworkId: Caip.CaipNetworkId) => Effect.Effect<void>
}>()("portico/core/Networks") {
  static readonly layer = (networks: ReadonlyArray<Network.Network>) =>
    Layer.effect(
      Networks,
      Effect.gen(function*() {
        const storage = yield* Storage.Storage
        // The network chosen on an earlier visit, if the host still configures it.
        const stored = yield* storage.get(StorageKey.activeCaipNetworkId)
        const initial = make(networks)
        const state = yield* SubscriptionRef.make(stored !== null && find(initial, stored) !== undefined ? { ...activate(initial, stored), switchingNamespace: false } : initial)
        const sendForm = yield* SendForm
        const walletOn = (caipNetworkId: Caip.CaipNetworkId) =>
          Effect.gen(function*() {
            const before = yield* SubscriptionRef.get(state)
            const after = activate(before, caipNetworkId)
            yield* SubscriptionRef.set(state, after)
            // A browser refusing to persist must not stop the switch itself.
            yield* storage.set(StorageKey.activeCaipNetworkId, caipNetworkId).pipe(Effect.ignore)
            if (activeNetworkId(before) !== caipNetworkId) yield* SubscriptionRef.update(sendForm, Send.reset)
          })

        return Networks.of({
          state,
          walletOn,
          switchNetwork: (network, wallet) =>
            Effect.gen(function*() {
              if (find(yield* SubscriptionRef.get(state), network.caipNetworkId) === undefined) {
                return yield* new NetworkNotFoundError()
              }
              const landed = network.chainNamespace === "eip155" && wallet !== undefined
                ? yield* switchEvm(network, wallet)
                : network.caipNetworkId
              yield* walletOn(landed)
            })
        })
      })
    ).pipe(Layer.provideMerge(SendForm.layer))
}

/** Spec §8 'Network not found': the network is not among the configured ones. */
export class NetworkNotFoundError extends Schema.TaggedError<NetworkNotFoundError>()("NetworkNotFoundError", {
  message: fixed("Network not found")
}) {}
