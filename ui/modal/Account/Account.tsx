/**
 * Account: the address (and both accounts when EVM and Solana are connected), the native balance
 * truncated to 3 decimals and the portfolio's value, the wallet features in the spec's order (onramp,
 * swaps, receive, send; each behind its feature flag), the network picker over the configured
 * networks, the explorer link, the Tokens / NFTs / Activity tabs, and disconnect.
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import { type KeyboardEvent, useEffect, useState } from "react"
import * as Format from "../../../core/Format.ts"
import type * as Modal from "../../../core/Modal.ts"
import { connectorId as embeddedConnectorId } from "../../../core/connectors/Embedded.ts"
import * as Session from "../../../core/Session.ts"
import * as FiatValue from "../../../core/send/FiatValue.ts"
import * as WalletFeatures from "../../../core/send/WalletFeatures.ts"
import type { MessageKey } from "../../i18n/en.ts"
import { WalletIcon } from "../components/WalletIcon.tsx"
import { preloadFeatureViews } from "../FeatureView.tsx"
import { startShown, useEngineAtom, useModalContext } from "../ModalContext.ts"
import { Activity } from "./Activity.tsx"
import { EmbeddedIdentity } from "./EmbeddedIdentity.tsx"
import { Nfts } from "./Nfts.tsx"
import { SignInPrompt } from "./SignInPrompt.tsx"
import { shortenAddress } from "./shortenAddress.ts"
import { Tokens } from "./Tokens.tsx"
import { useBalances } from "./useBalances.ts"

type Tab = "tokens" | "nfts" | "activity"
const tabs: ReadonlyArray<Tab> = ["tokens", "nfts", "activity"]

function NativeBalance({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t, locale } = useModalContext()
  const network = engine.config.networks.find((candidate) => candidate.caipNetworkId === account.caipNetworkId)
  const { shown } = useBalances(account)
  if (network === undefined || shown === undefined) return null
  const native = shown.balances.find((balance) => balance.address === undefined && balance.symbol === network.nativeCurrency.symbol)
  // The portfolio's USD value, exact on decimal digits; nothing when no balance has a price.
  const total = shown.balances.some((balance) => balance.value !== undefined) ? Number(FiatValue.portfolio(shown.balances)) : undefined
  return (
    <>
      {native === undefined ? null : (
        <span className="muted" data-balance="">
          {t("balanceOf", { amount: Format.formatBalance(native.quantity.numeric, locale), symbol: native.symbol })}
        </span>
      )}
      {total === undefined ? null : <span data-portfolio="">{t("portfolioValue", { value: Format.formatUsd(total, locale) })}</span>}
    </>
  )
}

/** The view of each wallet feature. */
const featureViews: Record<WalletFeatures.WalletFeature, { readonly view: Modal.View; readonly label: MessageKey }> = {
  onramp: { view: "Buy", label: "buy" },
  swaps: { view: "Swap", label: "swap" },
  receive: { view: "Receive", label: "receive" },
  send: { view: "Send", label: "send" }
}

function Features({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  // Spec §9's order (onramp, swaps, receive, send), each behind its flag and on a namespace that can use it.
  const shown = WalletFeatures.visible(engine.config.resolvedFeatures, account.namespace, engine.timeZone)
    .map((feature) => featureViews[feature])
  if (shown.length === 0) return null
  return (
    <div className="actions" role="group" aria-label={t("walletFeatures")}>
      {shown.map((feature) => (
        <button key={feature.view} type="button" className="secondary" data-feature={feature.view} onClick={() => void engine.push({ view: feature.view })}>
          {t(feature.label)}
        </button>
      ))}
    </div>
  )
}

/** Every configured network of the account's namespace; the one it is on is marked, the others switch to. */
function NetworkPicker({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const choices = engine.config.networks.filter((candidate) => candidate.chainNamespace === account.namespace)
  if (choices.length < 2) return null
  return (
    <div className="actions" role="group" aria-label={t("network")}>
      {choices.map((candidate) => (
        <button
          key={candidate.caipNetworkId}
          type="button"
          className="secondary"
          aria-pressed={candidate.caipNetworkId === account.caipNetworkId}
          onClick={() => {
            if (candidate.caipNetworkId !== account.caipNetworkId) startShown(engine.switchNetwork(candidate.caipNetworkId))
          }}
        >
          {candidate.name}
        </button>
      ))}
    </div>
  )
}

/** The profile name and avatar when the address has one (EVM names); the wallet's icon otherwise. */
function Profile({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const identity = useEngineAtom(engine.atoms.identity(account.address))
  const profile = AsyncResult.isSuccess(identity) ? identity.value : undefined
  const avatar = profile?.avatar ?? undefined
  return (
    <>
      {avatar !== undefined && engine.isImageAllowed(avatar)
        ? <img className="big" src={avatar} alt={t("accountOf", { address: profile?.name ?? account.address })} referrerPolicy="no-referrer" />
        : <WalletIcon src={account.connectorImageUrl} name={account.connectorName} className="big" />}
      {profile?.name === undefined || profile.name === null
        ? (profile === undefined ? null : (
          <button type="button" className="secondary" onClick={() => void engine.push({ view: "RegisterAccountName" })}>
            {t("nameChooseOne")}
          </button>
        ))
        : <strong data-profile-name="">{profile.name}</strong>}
    </>
  )
}

export function Account() {
  const { engine, t } = useModalContext()
  useEffect(preloadFeatureViews, [])
  const session = useEngineAtom(engine.atoms.session)
  const [tab, setTab] = useState<Tab>("tokens")
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(tab)
    const next = event.key === "ArrowRight"
      ? tabs[(index + 1) % tabs.length]
      : event.key === "ArrowLeft"
      ? tabs[(index + tabs.length - 1) % tabs.length]
      : event.key === "Home"
      ? tabs[0]
      : event.key === "End"
      ? tabs.at(-1)
      : undefined
    if (next === undefined) return
    event.preventDefault()
    setTab(next)
    event.currentTarget.querySelector<HTMLButtonElement>(`#portico-tab-${next}`)?.focus()
  }
  const account = Session.activeAccount(session)
  if (account === undefined) return <p className="muted">{t("noActivity")}</p>
  const network = engine.config.networks.find((candidate) => candidate.caipNetworkId === account.caipNetworkId)
  const explorer = network?.blockExplorers?.default.url
  const copy = () =>
    navigator.clipboard.writeText(account.address).then(
      () => engine.showToast({ message: t("addressCopied"), variant: "success" }),
      () => engine.showToast({ message: t("copyFailed"), variant: "error" })
    )
  return (
    <div>
      {Session.accounts(session).length > 1 ? (
        <div className="tabs" role="group" aria-label={t("accountTabs")}>
          {Session.accounts(session).map((candidate) => (
            <button
              key={candidate.namespace}
              type="button"
              aria-pressed={candidate.namespace === account.namespace}
              onClick={() => void engine.setActiveNamespace(candidate.namespace)}
            >
              {candidate.namespace === "eip155" ? t("evmAccount") : t("solanaAccount")}
            </button>
          ))}
        </div>
      ) : null}
      <div className="center">
        <Profile account={account} />
        <span className="address" aria-label={t("accountOf", { address: account.address })} data-address={account.address}>
          {shortenAddress(account.address)}
        </span>
        <NativeBalance account={account} />
        <span className="muted">{t("connectedWith", { name: account.connectorName })}</span>
        <span className="tag" data-network={account.caipNetworkId}>{network?.name ?? account.caipNetworkId}</span>
      </div>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => void copy()}>{t("copyAddress")}</button>
        {explorer === undefined ? null : (
          <a className="secondary" href={`${explorer.replace(/\/$/, "")}/address/${account.address}`} target="_blank" rel="noopener noreferrer">
            {t("viewOnExplorer")}
          </a>
        )}
        <button type="button" className="secondary" onClick={() => void engine.loadBalances(account, { refresh: true })}>
          {t("refreshBalances")}
        </button>
      </div>
      {account.connectorId === embeddedConnectorId ? <EmbeddedIdentity /> : null}
      <SignInPrompt />
      <Features account={account} />
      <NetworkPicker account={account} />
      <div className="tabs" role="tablist" aria-label={t("accountTabs")} onKeyDown={onTabKey}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`portico-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="portico-tabpanel"
            // WAI-ARIA tabs: one tab stop; arrows, Home and End move between tabs.
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {t(name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="portico-tabpanel" aria-labelledby={`portico-tab-${tab}`}>
        {tab === "tokens" ? <Tokens account={account} /> : tab === "nfts" ? <Nfts account={account} /> : <Activity account={account} />}
      </div>
      <div className="actions">
        {/* Signing out of the embedded wallet ends both of its accounts. */}
        <button type="button" className="primary" onClick={() => startShown(engine.disconnect(account.connectorId === embeddedConnectorId ? undefined : account.namespace))}>
          {t("disconnect")}
        </button>
      </div>
    </div>
  )
}
