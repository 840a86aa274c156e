/**
 * Switching networks from the modal (spec §4 "Network switching"): the connected wallet of that
 * namespace is asked first (EVM), the session follows the network it lands on, the modal goes back to
 * Account and SWITCH_NETWORK is tracked. A refusal shakes the modal and shows the wallet's message.
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

export type SwitchNetworkError = Connector.ConnectorFailure | Networks.NetworkNotFoundError

export class NetworkSwitch extends Context.Service<NetworkSwitch, {
  readonly switchNetwork: (caipNetworkId: Caip.CaipNetworkId) => Effect.Effect<void, SwitchNetworkError>
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

      const switchNetwork = Effect.fn("NetworkSwitch.switchNetwork")(function*(caipNetworkId: Caip.CaipNetworkId) {
        const network = Networks.find(yield* SubscriptionRef.get(networks.state), caipNetworkId)
        if (network === undefined) return yield* new Networks.NetworkNotFoundError()
        const account = (yield* SubscriptionRef.get(session.state))[network.chainNamespace === "solana" ? "solana" : "eip155"]
        const wallet = account === undefined ? undefined : yield* Effect.option(connectors.get(account.connectorId))
        yield* networks.switchNetwork(network, wallet?._tag === "Some" ? wallet.value : undefined)
        if (account !== undefined) yield* session.amend(account.namespace, { caipNetworkId: network.caipNetworkId })
        yield* modal.goBackTo("Account")
        yield* Analytics.trackDetached({ event: "SWITCH_NETWORK", properties: { network: network.caipNetworkId } })
      }, (effect) =>
        effect.pipe(
          Effect.tapError((error) => Effect.andThen(modal.shake, modal.showToast({ message: error.message, errorTag: error._tag, variant: "error" }))),
          Effect.provideService(Analytics.Analytics, analytics)
        ))

      return NetworkSwitch.of({ switchNetwork, setActiveNamespace: session.setActive })
    })
  )
}
