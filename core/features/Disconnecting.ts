/**
 * Disconnecting (spec §4 "Account"): one namespace or every account; our side forgets the account even
 * when the wallet refuses to end its session, the outcome is tracked, a failure shows 'Failed to
 * disconnect', and the modal closes once no account is left. Disconnecting an account (the Account
 * view's button) ends what its wallet's login holds: `scopeOf`.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Analytics from "../Analytics.ts"
import * as Connection from "../Connection.ts"
import type * as Disconnect from "../Disconnect.ts"
import { HostConfig } from "../HostConfig.ts"
import * as Modal from "../Modal.ts"
import * as Session from "../Session.ts"
import { Activity } from "./Activity.ts"
import { routerContext } from "./ChainSupport.ts"

/**
 * What disconnecting `account` ends: the embedded wallet's one login holds both of its accounts, so
 * signing out of it ends both (undefined: every account); any other wallet's account ends alone.
 */
export const scopeOf = (account: Pick<Session.SessionAccount, "namespace" | "connectorType">): Session.SessionNamespace | undefined =>
  account.connectorType === "AUTH" ? undefined : account.namespace

export class Disconnecting extends Context.Service<Disconnecting, {
  readonly disconnect: (namespace?: Session.SessionNamespace) => Effect.Effect<void, Disconnect.DisconnectError>
  /** Disconnects `account` and whatever else its wallet's login ends with it (`scopeOf`). */
  readonly disconnectAccount: (account: Session.SessionAccount) => Effect.Effect<void, Disconnect.DisconnectError>
}>()("portico/core/features/Disconnecting") {
  static readonly layer = Layer.effect(
    Disconnecting,
    Effect.gen(function*() {
      const connection = yield* Connection.Connection
      const session = yield* Session.Session
      const modal = yield* Modal.Modal
      const activity = yield* Activity
      const context = yield* Effect.context<Analytics.Analytics | HostConfig>()

      const disconnect = Effect.fn("Disconnecting.disconnect")(function*(namespace?: Session.SessionNamespace) {
        yield* connection.disconnect(namespace).pipe(
          Effect.tap(() => Effect.andThen(Analytics.trackDetached({ event: "DISCONNECT_SUCCESS" }), modal.hideToast)),
          Effect.tapError((error) =>
            Effect.andThen(Analytics.trackDetached({ event: "DISCONNECT_ERROR" }), modal.showToast({ message: error.message, errorTag: error._tag, variant: "error" }))
          ),
          Effect.ensuring(Effect.gen(function*() {
            if (Session.accounts(yield* SubscriptionRef.get(session.state)).length > 0) return
            yield* activity.reset
            yield* modal.close(yield* Effect.provideService(routerContext, Session.Session, session), { forced: true })
          }))
        )
      }, Effect.provide(context))

      const ends: Disconnecting["Service"]["disconnect"] = disconnect
      return Disconnecting.of({ disconnect: ends, disconnectAccount: (account) => ends(scopeOf(account)) })
    })
  )
}
