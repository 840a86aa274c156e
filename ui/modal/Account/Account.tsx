/**
 * Account, laid out as a visitor expects of a wallet: who (picture, name or address, balance and total,
 * wallet and network, copy / explorer / refresh as small icon buttons), the wallet features as one
 * compact row (Buy, Swap, Receive, Send), then the assets at once: the Tokens / NFTs / Activity tabs. Below
 * them the embedded wallet's identity, the network picker and Disconnect. With both an EVM and a Solana
 * account, a switch on top chooses which one the view shows; the wallet's other accounts of that
 * namespace are listed above the networks, each a button that makes it the active one. The view renders;
 * core decides (which balance is native, what is offered, what Disconnect ends).
 */
import * as Session from "../../../core/Session.ts"
import { startShown, useEngineAtom, useModalContext } from "../ModalContext.ts"
import { AccountHeader } from "./AccountHeader.tsx"
import { AccountTabs } from "./AccountTabs.tsx"
import { EmbeddedIdentity } from "./EmbeddedIdentity.tsx"
import { NetworkPicker } from "./NetworkPicker.tsx"
import { OtherAccounts } from "./OtherAccounts.tsx"
import { PermissionsEntry } from "./PermissionsEntry.tsx"
import { SignInPrompt } from "./SignInPrompt.tsx"
import { WalletActions } from "./WalletActions.tsx"

function AccountSwitch({ session, active }: { readonly session: Session.SessionState; readonly active: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const accounts = Session.accounts(session)
  if (accounts.length < 2) return null
  return (
    <div className="tabs" role="group" aria-label={t("accountTabs")}>
      {accounts.map((candidate) => (
        <button
          key={candidate.namespace}
          type="button"
          aria-pressed={candidate.namespace === active.namespace}
          onClick={() => void engine.setActiveNamespace(candidate.namespace)}
        >
          {candidate.namespace === "eip155" ? t("evmAccount") : t("solanaAccount")}
        </button>
      ))}
    </div>
  )
}

export function Account() {
  const { engine, t } = useModalContext()
  const session = useEngineAtom(engine.atoms.session)
  const account = Session.activeAccount(session)
  if (account === undefined) return <p className="muted">{t("noActivity")}</p>
  return (
    <div className="account">
      <AccountSwitch session={session} active={account} />
      <AccountHeader account={account} />
      <SignInPrompt />
      <WalletActions account={account} />
      <AccountTabs account={account} />
      {account.connectorType === "AUTH" ? <EmbeddedIdentity /> : null}
      <PermissionsEntry key={`${account.address}@${account.caipNetworkId}`} account={account} />
      <OtherAccounts account={account} />
      <NetworkPicker account={account} />
      <div className="actions">
        <button type="button" className="secondary" onClick={() => startShown(engine.disconnectAccount(account))}>
          {t("disconnect")}
        </button>
      </div>
    </div>
  )
}
