/**
 * The host's networks and the visitor's preference among them (spec §4 "Network switching").
 *
 * One owner per fact: a connected account's network belongs to the session (`Session`), written only by
 * the wallet's answers and events. What lives here is what holds while no account of a namespace is
 * connected: the network to connect on and to show, per namespace, and the namespace to show. It follows
 * the accounts' networks (so a disconnect stays where the visitor was) and survives a reload.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Caip from "./Caip.ts"
import { fixed } from "./FixedMessage.ts"
import type * as Network from "./Network.ts"
import * as NetworkLookup from "./NetworkLookup.ts"
import * as Session from "./Session.ts"
import * as Storage from "./Storage.ts"
import * as StorageKey from "./StorageKey.ts"

export interface NetworksState {
  /** The networks the host configured (the "requested" networks). */
  readonly networks: ReadonlyArray<Network.Network>
  /** Per namespace, the configured network used while no account of that namespace is connected. */
  readonly preferredIds: Partial<Record<Caip.ChainNamespace, Caip.CaipNetworkId>>
  /** The namespace shown while nobody is connected. */
  readonly preferredNamespace: Caip.ChainNamespace | undefined
  /** Set when the last switch changed the active namespace (the views reload what depends on it). */
  readonly switchingNamespace: boolean
}

export const make = (networks: ReadonlyArray<Network.Network>): NetworksState => ({
  networks,
  preferredIds: Object.fromEntries(
    Caip.chainNamespaces.flatMap((namespace) => {
      const first = NetworkLookup.firstOf(networks, namespace)
      return first === undefined ? [] : [[namespace, first.caipNetworkId]]
    })
  ),
  preferredNamespace: networks[0]?.chainNamespace,
  switchingNamespace: false
})

export const find = (state: NetworksState, caipNetworkId: string): Network.Network | undefined => NetworkLookup.byId(state.networks, caipNetworkId)

/** Makes a configured network the preferred one of its namespace, and that namespace the preferred one. */
export const prefer = (state: NetworksState, caipNetworkId: Caip.CaipNetworkId): NetworksState => {
  const network = find(state, caipNetworkId)
  if (network === undefined) return state
  return {
    ...state,
    preferredIds: { ...state.preferredIds, [network.chainNamespace]: caipNetworkId },
    preferredNamespace: network.chainNamespace
  }
}

/** The namespace the modal and the host see: the active account's, else the preferred one. */
export const activeNamespace = (session: Session.SessionState, state: NetworksState): Caip.ChainNamespace | undefined =>
  Session.activeAccount(session)?.namespace ?? state.preferredNamespace

/**
 * The network the modal and the host see: where the active account's wallet is (even a network the host
 * did not configure: the views then offer to switch), else the preference.
 */
export const activeNetworkId = (session: Session.SessionState, state: NetworksState): Caip.CaipNetworkId | undefined => {
  const account = Session.activeAccount(session)
  if (account !== undefined) return account.caipNetworkId
  return state.preferredNamespace === undefined ? undefined : state.preferredIds[state.preferredNamespace]
}

/** The network to connect a connector of `namespace` on: the preference of that namespace. */
export const preferredFor = (state: NetworksState, namespace: string): Caip.CaipNetworkId | undefined =>
  Caip.isChainNamespace(namespace) ? state.preferredIds[namespace] : undefined

/** The preference after the session changed: each connected account's configured network is remembered. */
export const following = (state: NetworksState, session: Session.SessionState): NetworksState => {
  const accounts = Session.accounts(session).filter((account) => find(state, account.caipNetworkId) !== undefined)
  if (accounts.length === 0) return state
  const active = Session.activeAccount(session)
  return {
    ...state,
    preferredIds: { ...state.preferredIds, ...Object.fromEntries(accounts.map((account) => [account.namespace, account.caipNetworkId])) },
    preferredNamespace: active !== undefined && find(state, active.caipNetworkId) !== undefined ? active.namespace : state.preferredNamespace
  }
}

export class Networks extends Context.Service<Networks, {
  readonly state: SubscriptionRef.SubscriptionRef<NetworksState>
  /** Records a switch: the network becomes the preference, and the flag says whether the namespace changed. */
  readonly recordSwitch: (caipNetworkId: Caip.CaipNetworkId, namespaceChanged: boolean) => Effect.Effect<void>
}>()("portico/core/Networks") {
  static readonly layer = (networks: ReadonlyArray<Network.Network>) =>
    Layer.effect(
      Networks,
      Effect.gen(function*() {
        const storage = yield* Storage.Storage
        const session = yield* Session.Session
        // The network chosen on an earlier visit, if the host still configures it.
        const stored = yield* storage.get(StorageKey.activeCaipNetworkId)
        const state = yield* SubscriptionRef.make(stored === null ? make(networks) : prefer(make(networks), stored))
        // A browser refusing to persist must not stop anything.
        const persist = (next: NetworksState) =>
          Effect.gen(function*() {
            const id = next.preferredNamespace === undefined ? undefined : next.preferredIds[next.preferredNamespace]
            if (id !== undefined) yield* storage.set(StorageKey.activeCaipNetworkId, id)
            if (next.preferredNamespace !== undefined) yield* storage.set(StorageKey.activeNamespace, next.preferredNamespace)
          }).pipe(Effect.ignore)
        const change = (f: (current: NetworksState) => NetworksState) =>
          Effect.flatMap(SubscriptionRef.updateAndGet(state, f), persist)
        yield* SubscriptionRef.changes(session.state).pipe(
          Stream.runForEach((current) => change((preference) => following(preference, current))),
          Effect.forkScoped
        )
        return Networks.of({
          state,
          recordSwitch: (caipNetworkId, namespaceChanged) =>
            change((current) => ({ ...prefer(current, caipNetworkId), switchingNamespace: namespaceChanged }))
        })
      })
    )
}

/** Spec §8 'Network not found': the network is not among the configured ones. */
export class NetworkNotFoundError extends Schema.TaggedError<NetworkNotFoundError>()("NetworkNotFoundError", {
  message: fixed("Network not found")
}) {}
