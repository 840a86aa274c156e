/**
 * Whether the connected account sits on a network the host did not request, with all four parts of
 * spec §2's UnsupportedChain rule. Read by the connect attempt (after a connection settles) and by
 * navigation (when the modal opens, and whenever the wallet moves).
 */
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { HostConfig } from "../HostConfig.ts"
import * as Modal from "../Modal.ts"
import * as Session from "../Session.ts"

export const isActiveAccountUnsupported: Effect.Effect<boolean, never, Session.Session | HostConfig> = Effect.gen(function*() {
  const config = yield* HostConfig
  const session = yield* Session.Session
  const account = Session.activeAccount(yield* SubscriptionRef.get(session.state))
  return account !== undefined &&
    Modal.isUnsupportedChain({
      activeNetworkId: account.caipNetworkId,
      requestedNetworkIds: config.networks.map((network) => network.caipNetworkId),
      networkSwitchingEnabled: config.enableNetworkSwitch !== false,
      allowUnsupportedChain: config.allowUnsupportedChain === true,
      basicMode: config.basicMode === true
    })
})

/** What the modal's router needs to know about the visitor. */
export const routerContext: Effect.Effect<Modal.RouterContext, never, Session.Session | HostConfig> = Effect.gen(function*() {
  const config = yield* HostConfig
  const session = yield* Session.Session
  return {
    connected: Session.activeAccount(yield* SubscriptionRef.get(session.state)) !== undefined,
    embedded: config.embedded === true
  }
})
