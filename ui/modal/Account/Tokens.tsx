/**
 * The Tokens tab: each balance with its icon (our server's token image, a monogram when there is
 * none), its amount truncated to 2 decimals (spec §9) and its value in USD when a price is known.
 * Balances whose quantity decimals are "0" are dropped (spec §5). A token the host's token list does not
 * vouch for (found in the account's transfers) says so beside its name.
 */
import * as Format from "../../../core/Format.ts"
import type * as Session from "../../../core/Session.ts"
import * as TokenBalance from "../../../core/TokenBalance.ts"
import { WalletIcon } from "../components/WalletIcon.tsx"
import { useModalContext } from "../ModalContext.ts"
import { useBalances } from "./useBalances.ts"

export function Tokens({ account }: { readonly account: Session.SessionAccount }) {
  const { t, locale } = useModalContext()
  const { state, shown } = useBalances(account)
  if (shown === undefined) {
    return state._tag === "Failed"
      ? <p className="error" role="alert">{t("tokenBalanceUnavailable")}</p>
      : <p className="muted" role="status">{t("loading")}</p>
  }
  const balances = TokenBalance.withoutZeroDecimals(shown.balances)
  if (balances.length === 0) return <p className="muted">{t("noTokens")}</p>
  return (
    <ul className="list" aria-label={t("tokens")}>
      {balances.map((balance) => (
        <li key={`${balance.chainId}:${balance.address ?? "native"}`} className="row-line" data-token={balance.symbol}>
          <span className="token">
            <WalletIcon src={balance.iconUrl} name={balance.symbol} />
            <span>{balance.name}</span>
            {balance.flags?.verified === false ? <span className="muted" data-unverified="">{t("unverified")}</span> : null}
          </span>
          <span className="amounts">
            <span>{t("balanceOf", { amount: Format.formatTokenBalance(balance.quantity.numeric, locale), symbol: balance.symbol })}</span>
            {balance.value === undefined ? null : <span className="muted" data-fiat="">{Format.formatUsd(balance.value, locale)}</span>}
          </span>
        </li>
      ))}
    </ul>
  )
}
