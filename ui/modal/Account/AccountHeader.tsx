/**
 * The top of the Account view: the account's picture (its profile's avatar, else one drawn from its
 * address), its registered name or shortened address, the native balance (3 decimals) and the
 * portfolio's value, the wallet and network it is on (and whether an external wallet's EVM account is a
 * smart account), and three small icon buttons (copy the address, open it on the explorer, refresh
 * balances). Which balance is native, the total and the explorer link are core's rules
 * (TokenBalance.nativeOf, FiatValue.total, Explorer.addressUrl).
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Explorer from "../../../core/Explorer.ts"
import * as Format from "../../../core/Format.ts"
import type * as Session from "../../../core/Session.ts"
import * as FiatValue from "../../../core/send/FiatValue.ts"
import * as TokenBalance from "../../../core/TokenBalance.ts"
import { ActionIcon } from "../components/ActionIcon.tsx"
import { AddressAvatar } from "../components/AddressAvatar.tsx"
import { NetworkLabel } from "../components/NetworkLabel.tsx"
import { useCopyAddress } from "../components/useCopyAddress.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { shortenAddress } from "./shortenAddress.ts"
import { useBalances } from "./useBalances.ts"

function Balances({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t, locale } = useModalContext()
  const network = engine.config.networks.find((candidate) => candidate.caipNetworkId === account.caipNetworkId)
  const { shown } = useBalances(account)
  if (network === undefined || shown === undefined) return null
  const native = TokenBalance.nativeOf(shown.balances, network.nativeCurrency.symbol)
  const total = FiatValue.totalOf(shown.balances)
  return (
    <span className="account-balances">
      {native === undefined ? null : (
        <span data-balance="">{t("balanceOf", { amount: Format.formatBalance(native.quantity.numeric, locale), symbol: native.symbol })}</span>
      )}
      {total === undefined ? null : <span className="muted" data-portfolio="">{t("portfolioValue", { value: Format.formatUsd(Number(total), locale) })}</span>}
    </span>
  )
}

/** The registered name (EVM names) in place of the address, and the avatar when the profile has one. */
function Identity({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const identity = useEngineAtom(engine.atoms.identity(account.address))
  const profile = AsyncResult.isSuccess(identity) ? identity.value : undefined
  const name = profile?.name ?? undefined
  const avatar = profile?.avatar ?? undefined
  const label = t("accountOf", { address: name ?? account.address })
  return (
    <>
      {avatar !== undefined && engine.isImageAllowed(avatar)
        ? <img className="avatar" src={avatar} alt={label} referrerPolicy="no-referrer" />
        : <AddressAvatar address={account.address} label={label} />}
      <span className="account-names">
        {name === undefined ? null : <strong data-profile-name="">{name}</strong>}
        <span className={name === undefined ? "address" : "muted"} aria-label={t("accountOf", { address: account.address })} data-address={account.address}>
          {shortenAddress(account.address)}
        </span>
        {profile !== undefined && name === undefined
          ? <button type="button" className="link-button" onClick={() => void engine.push({ view: "RegisterAccountName" })}>{t("nameChooseOne")}</button>
          : null}
      </span>
    </>
  )
}

/** An external wallet's EVM account: "Smart account" or "Plain account" once its code was read (the embedded wallet's own say is EmbeddedIdentity's). */
function AccountType({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const kind = useEngineAtom(engine.atoms.accountType(account))
  if (!AsyncResult.isSuccess(kind)) return null
  return <span className="tag" data-account-type={kind.value}>{t(kind.value === "smartAccount" ? "smartAccountType" : "plainAccountType")}</span>
}

export function AccountHeader({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const network = engine.config.networks.find((candidate) => candidate.caipNetworkId === account.caipNetworkId)
  const explorer = Explorer.addressUrl(network, account.address)
  const copy = useCopyAddress(account.address)
  return (
    <div className="account-header">
      <div className="account-top">
        <Identity account={account} />
        <div className="icon-actions">
          <button type="button" className="icon-button" aria-label={t("copyAddress")} title={t("copyAddress")} onClick={copy}>
            <ActionIcon name="copy" />
          </button>
          {explorer === undefined ? null : (
            <a className="icon-button" href={explorer} target="_blank" rel="noopener noreferrer" aria-label={t("viewOnExplorer")} title={t("viewOnExplorer")}>
              <ActionIcon name="explorer" />
            </a>
          )}
          <button type="button" className="icon-button" aria-label={t("refreshBalances")} title={t("refreshBalances")}
            onClick={() => void engine.loadBalances(account, { refresh: true })}>
            <ActionIcon name="refresh" />
          </button>
        </div>
      </div>
      <Balances account={account} />
      <div className="account-meta">
        <span className="muted">{t("connectedWith", { name: account.connectorName })}</span>
        <span className="tag" data-network={account.caipNetworkId}>{network === undefined ? account.caipNetworkId : <NetworkLabel network={network} />}</span>
        {account.namespace === "eip155" && account.connectorType !== "AUTH" ? <AccountType account={account} /> : null}
      </div>
    </div>
  )
}
