/**
 * Switching networks (spec §4 "Network switching"). With an account of the network's namespace
 * connected, its wallet is asked and the session records where the wallet landed, which may not be
 * where it was asked to go; without one, the network becomes the preference the next connection uses.
 * Either way the namespace becomes the active one, the modal goes back to Account and SWITCH_NETWORK is
 * tracked. A refusal shakes the modal and shows the wallet's message.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Analytics from "../Analytics.ts"
import type * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import { Connectors } from "../connectors/Connectors.ts"
import * as Modal from "../Modal.ts"
import * as Networks from "../Networks.ts"
import * as Session from "../Session.ts"

export type SwitchNetworkError = Connector.ConnectorFailure | Connector.ConnectorNotFound | Networks.NetworkNotFoundError

export class NetworkSwitch extends Context.Service<NetworkSwitch, {
  /** Answers the network the session is on afterwards (where the wallet landed). */
  readonly switchNetwork: (caipNetworkId: Caip.CaipNetworkId) => Effect.Effect<Caip.CaipNetworkId, SwitchNetworkError>
  /** Which of the two connected accounts (EVM, Solana) the modal and the host see as active. */
  readonly setActiveNamespace: (namespace: Session.SessionNamespace) => Effect.Effect<void>
}>()("portico/core/features/NetworkSwitch") {
  static readonly layer = Layer.effect(
    NetworkSwitch,
    Effect.gen(function*() {
      const networks = yield* Networks.Networks
      const session = yield* Session.Session
      const connectors = yield* Connectors
      const modal = yield* Modal.Modal
      const analytics = yield* Analytics.Analytics

      /** Moves the namespace's connected wallet, if any; answers where the namespace now is. */
      const move = (network: Parameters<Connector.ConnectorClient["switchChain"]>[0]) =>
        Effect.gen(function*() {
          const state = yield* SubscriptionRef.get(session.state)
          const account = Session.isSessionNamespace(network.chainNamespace) ? state[network.chainNamespace] : undefined
          if (account === undefined) return network.caipNetworkId
          const wallet = yield* connectors.get(account.connectorId)
          const landed = yield* wallet.switchChain(network)
          yield* session.amend(account.namespace, { caipNetworkId: landed })
          yield* session.setActive(account.namespace)
          return landed
        })

      const switchNetwork = Effect.fn("NetworkSwitch.switchNetwork")(function*(caipNetworkId: Caip.CaipNetworkId) {
        const before = yield* SubscriptionRef.get(networks.state)
        const network = Networks.find(before, caipNetworkId)
        if (network === undefined) return yield* new Networks.NetworkNotFoundError()
        const namespaceBefore = Networks.activeNamespace(yield* SubscriptionRef.get(session.state), before)
        const landed = yield* move(network)
        // The preference follows only a network the visitor actually reached.
        if (landed === network.caipNetworkId) yield* networks.recordSwitch(landed, namespaceBefore !== network.chainNamespace)
        yield* modal.goBackTo("Account")
        yield* Analytics.trackDetached({ event: "SWITCH_NETWORK", properties: { network: landed } })
        return landed
      }, (effect) =>
        effect.pipe(
          Effect.tapError((error) => Effect.andThen(modal.shake, modal.showToast({ message: error.message, errorTag: error._tag, variant: "error" }))),
          Effect.provideService(Analytics.Analytics, analytics)
        ))

      return NetworkSwitch.of({ switchNetwork, setActiveNamespace: session.setActive })
    })
  )
}
