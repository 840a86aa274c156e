/**
 * Switching between the accounts a wallet exposes in one namespace (issue 28): the Account view lists
 * the others and the visitor picks one. The pick becomes the session's active account, so the balances,
 * tokens and activity (keyed by the account) follow, and the host's provider reports it first. A dapp
 * cannot move an EVM wallet's own selection: its requests name the account instead (`from`, see
 * `SigningAccount`); a wallet whose requests name none (Wallet Standard) is told through its connector.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as AccountList from "../AccountList.ts"
import type * as Connector from "../Connector.ts"
import { Connectors } from "../connectors/Connectors.ts"
import * as Modal from "../Modal.ts"
import * as RpcCode from "../RpcCode.ts"
import * as Session from "../Session.ts"
import * as WalletError from "../WalletError.ts"

export type SelectAccountError = Connector.ConnectorError | Connector.ConnectorNotFound | WalletError.UnauthorizedError

export class AccountSwitch extends Context.Service<AccountSwitch, {
  /** Makes `address`, one of the accounts its wallet listed in `namespace`, the active account. */
  readonly selectAccount: (namespace: Session.SessionNamespace, address: string) => Effect.Effect<void, SelectAccountError>
}>()("portico/core/features/AccountSwitch") {
  static readonly layer = Layer.effect(
    AccountSwitch,
    Effect.gen(function*() {
      const session = yield* Session.Session
      const connectors = yield* Connectors
      const modal = yield* Modal.Modal

      const selectAccount = Effect.fn("AccountSwitch.selectAccount")(function*(namespace: Session.SessionNamespace, address: string) {
        const account = (yield* SubscriptionRef.get(session.state))[namespace]
        const listed = account === undefined ? undefined : AccountList.find(namespace, account.allAccounts, address)
        // EIP-1193's 4100: the wallet did not authorise that account for this page.
        if (account === undefined || listed === undefined) {
          return yield* new WalletError.UnauthorizedError({ code: RpcCode.table.Unauthorized.code, message: "The wallet did not authorise that account" })
        }
        const wallet = yield* connectors.get(account.connectorId)
        if (wallet.selectAccount !== undefined) yield* wallet.selectAccount(namespace, listed)
        yield* session.select(namespace, listed)
        yield* session.setActive(namespace)
      }, (effect) =>
        effect.pipe(Effect.tapError((error) => Effect.andThen(modal.shake, modal.showToast({ message: error.message, errorTag: error._tag, variant: "error" })))))

      return AccountSwitch.of({ selectAccount })
    })
  )
}
