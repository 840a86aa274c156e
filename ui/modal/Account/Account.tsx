/**
 * Account: the address (and both accounts when EVM and Solana are connected), the native balance
 * truncated to 3 decimals, the network with the requested ones to switch to, the explorer link,
 * the Tokens / NFTs / Activity tabs fed by the Blockchain API, and disconnect.
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import { type KeyboardEvent, useState } from "react"
import * as Format from "../../../core/Format.ts"
import * as Session from "../../../core/Session.ts"
import { WalletIcon } from "../components/WalletIcon.tsx"
import { startShown, useEngineAtom, useModalContext } from "../ModalContext.ts"
import { Activity } from "./Activity.tsx"
import { Nfts } from "./Nfts.tsx"
import { shortenAddress } from "./shortenAddress.ts"

type Tab = "tokens" | "nfts" | "activity"
const tabs: ReadonlyArray<Tab> = ["tokens", "nfts", "activity"]

function Tokens({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t, locale } = useModalContext()
  const result = useEngineAtom(engine.atoms.balances(account))
  if (AsyncResult.isInitial(result)) return <p className="muted" role="status">{t("loading")}</p>
  if (AsyncResult.isFailure(result)) return <p className="error" role="alert">{t("tokenBalanceUnavailable")}</p>
  // Spec §5: balances whose quantity decimals are "0" are dropped.
  const balances = result.value.balances.filter((balance) => balance.quantity.decimals !== "0")
  if (balances.length === 0) return <p className="muted">{t("noTokens")}</p>
  return (
    <ul className="list" aria-label={t("tokens")}>
      {balances.map((balance) => (
        <li key={`${balance.chainId}:${balance.address ?? "native"}`} className="row-line" data-token={balance.symbol}>
          <span>{balance.name}</span>
          <span>{t("balanceOf", { amount: Format.formatTokenBalance(balance.quantity.numeric, locale), symbol: balance.symbol })}</span>
        </li>
      ))}
    </ul>
  )
}

function NativeBalance({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t, locale } = useModalContext()
  const network = engine.config.networks.find((candidate) => candidate.caipNetworkId === account.caipNetworkId)
  const result = useEngineAtom(engine.atoms.balances(account))
  if (network === undefined || !AsyncResult.isSuccess(result)) return null
  const native = result.value.balances.find((balance) => balance.address === undefined && balance.symbol === network.nativeCurrency.symbol)
  if (native === undefined) return null
  return (
    <span className="muted" data-balance="">
      {t("balanceOf", { amount: Format.formatBalance(native.quantity.numeric, locale), symbol: native.symbol })}
    </span>
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
      {profile?.name === undefined || profile.name === null ? null : <strong data-profile-name="">{profile.name}</strong>}
    </>
  )
}

export function Account() {
  const { engine, t } = useModalContext()
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
  const others = engine.config.networks.filter((candidate) =>
    candidate.chainNamespace === account.namespace && candidate.caipNetworkId !== account.caipNetworkId
  )
  const copy = () =>
    navigator.clipboard.writeText(account.address).then(
      () => engine.showToast({ message: t("addressCopied"), variant: "success" }),
      () => undefined
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
        <button type="button" className="secondary" onClick={copy}>{t("copyAddress")}</button>
        {explorer === undefined ? null : (
          <a className="secondary" href={`${explorer.replace(/\/$/, "")}/address/${account.address}`} target="_blank" rel="noopener noreferrer">
            {t("viewOnExplorer")}
          </a>
        )}
        {others.map((candidate) => (
          <button key={candidate.caipNetworkId} type="button" className="secondary" onClick={() => startShown(engine.switchNetwork(candidate.caipNetworkId))}>
            {t("switchTo", { network: candidate.name })}
          </button>
        ))}
      </div>
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
        <button type="button" className="primary" onClick={() => startShown(engine.disconnect(account.namespace))}>{t("disconnect")}</button>
      </div>
    </div>
  )
}
