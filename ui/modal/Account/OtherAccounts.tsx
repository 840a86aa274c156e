/**
 * The other accounts the wallet exposes in the shown namespace, each labelled by its registered name
 * (else its short address), as buttons that make it the active account: the view, its balances and
 * activity and the host's provider then follow. Core decides the list and the label
 * (`AccountList.label`); the switch is `engine.selectAccount`.
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as AccountList from "../../../core/AccountList.ts"
import type * as Session from "../../../core/Session.ts"
import { AddressAvatar } from "../components/AddressAvatar.tsx"
import { startShown, useEngineAtom, useModalContext } from "../ModalContext.ts"

function OtherAccount({ namespace, address }: { readonly namespace: Session.SessionNamespace; readonly address: string }) {
  const { engine, t } = useModalContext()
  const identity = useEngineAtom(engine.atoms.identity(address))
  const label = AccountList.label(address, AsyncResult.isSuccess(identity) ? identity.value.name ?? undefined : undefined)
  return (
    <li>
      <button type="button" className="other-account" data-other-account={address} title={address}
        aria-label={t("switchToAccount", { account: label })}
        onClick={() => startShown(engine.selectAccount(namespace, address))}>
        <AddressAvatar address={address} label={label} className="avatar small" />
        <span>{label}</span>
      </button>
    </li>
  )
}

export function OtherAccounts({ account }: { readonly account: Session.SessionAccount }) {
  const { t } = useModalContext()
  const others = account.allAccounts.filter((address) => !AccountList.same(account.namespace, address, account.address))
  if (others.length === 0) return null
  return (
    <section className="other-accounts" aria-labelledby="portico-other-accounts-heading">
      <h3 id="portico-other-accounts-heading" className="group-heading">{t("otherAccounts")}</h3>
      <ul>
        {others.map((address) => <OtherAccount key={address} namespace={account.namespace} address={address} />)}
      </ul>
    </section>
  )
}
