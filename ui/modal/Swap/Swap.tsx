/**
 * Swap (a feature area of spec §2, loaded on demand): the token to pay and the one to receive (Ether and
 * the network's tokens, each with the account's balance), the amount, and a quote from our server that
 * follows every change and refreshes every 10 s while the view is open: what the visitor receives, the
 * price impact and the fee. The slippage tolerance (1 % by default) bounds the minimum the swap accepts.
 * Insufficient balance and pairs the pools cannot fill are said before anything is sent; "Swap" asks the
 * wallet for the approval first when needed, then for the swap, each mined before the next.
 */
import { useEffect, useState } from "react"
import { formatUnits } from "viem"
import * as Format from "../../../core/Format.ts"
import * as Session from "../../../core/Session.ts"
import * as Amount from "../../../core/send/Amount.ts"
import * as Swap from "../../../core/swap/Swap.ts"
import type * as TokenBalance from "../../../core/TokenBalance.ts"
import { useBalances } from "../Account/useBalances.ts"
import { errorText } from "../components/errorText.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

/** The quote follows the market while the view is open. */
const requoteMillis = 10_000

type Failure = { readonly _tag: string; readonly message: string }

const asFailure = (cause: unknown): Failure =>
  typeof cause === "object" && cause !== null && "_tag" in cause && "message" in cause &&
    typeof cause._tag === "string" && typeof cause.message === "string"
    ? { _tag: cause._tag, message: cause.message }
    : { _tag: "Unknown", message: String(cause) }

/** The account's balance of a swap token (Ether: the native balance), as decimal text. */
const balanceOf = (token: Swap.SwapToken, balances: ReadonlyArray<TokenBalance.TokenBalance>): string => {
  const held = balances.find((balance) =>
    Swap.isNative(token) ? balance.address === undefined : balance.address?.toLowerCase() === token.address.toLowerCase())
  return held?.quantity.numeric ?? "0"
}

function TokenSelect({ label, value, tokens, balances, onChange, testId }: {
  readonly label: string
  readonly value: Swap.SwapToken | undefined
  readonly tokens: ReadonlyArray<Swap.SwapToken>
  readonly balances: ReadonlyArray<TokenBalance.TokenBalance>
  readonly onChange: (address: string) => void
  readonly testId: string
}) {
  const { t, locale } = useModalContext()
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value?.address ?? ""} onChange={(event) => onChange(event.currentTarget.value)} data-swap-token={testId}>
        {tokens.map((token) => (
          <option key={token.address} value={token.address}>
            {token.symbol} — {t("balanceOf", { amount: Format.formatTokenBalance(balanceOf(token, balances), locale), symbol: token.symbol })}
          </option>
        ))}
      </select>
    </label>
  )
}

function SwapForm({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t, locale } = useModalContext()
  const form = useEngineAtom(engine.atoms.swapForm)
  const { shown } = useBalances(account)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const balances = shown?.balances ?? []

  useEffect(() => {
    void engine.openSwap()
    const timer = setInterval(() => void engine.requoteSwap(), requoteMillis)
    return () => clearInterval(timer)
  }, [engine])

  if (form.tokens === undefined) return <p className="muted" role="status">{t("loading")}</p>
  if (form.tokens.length === 0) {
    return <p className="error" role="alert">{form.problem === undefined ? t("swapUnavailable") : errorText(form.problem, t)}</p>
  }
  const { from, to, quote } = form
  const units = form.units
  const insufficient = from !== undefined && units !== undefined && !Amount.withinBalance(units, balanceOf(from, balances), from.decimals)
  const needsApproval = from !== undefined && !Swap.isNative(from) && units !== undefined && (form.allowance ?? 0n) < units
  const busy = form.step !== "form"
  const received = quote === undefined || to === undefined ? undefined : formatUnits(quote.toAmount, to.decimals)
  const submit = () => {
    setFailure(undefined)
    engine.swap().then(
      () => void engine.showToast({ message: t("swapDone"), variant: "success" }),
      (cause: unknown) => setFailure(asFailure(cause))
    )
  }
  return (
    <form className="stack" onSubmit={(event) => {
      event.preventDefault()
      submit()
    }}>
      <TokenSelect label={t("swapPay")} value={from} tokens={form.tokens} balances={balances} onChange={(address) => void engine.setSwapFrom(address)} testId="from" />
      <label className="field">
        <span>{t("sendAmount")}</span>
        <input type="text" inputMode="decimal" autoComplete="off" value={form.amount} data-swap-amount="" disabled={busy}
          onChange={(event) => void engine.setSwapAmount(event.currentTarget.value)} />
      </label>
      <button type="button" className="secondary" onClick={() => void engine.flipSwap()} disabled={busy}>{t("swapFlip")}</button>
      <TokenSelect label={t("swapReceive")} value={to} tokens={form.tokens} balances={balances} onChange={(address) => void engine.setSwapTo(address)} testId="to" />
      <dl className="summary" aria-live="polite">
        <dt>{t("swapYouReceive")}</dt>
        <dd data-swap-quote={quote?.toAmount.toString() ?? ""}>
          {form.quoting && received === undefined ? t("loading") : received === undefined || to === undefined ? "—" : t("balanceOf", { amount: Format.formatTokenBalance(received, locale), symbol: to.symbol })}
        </dd>
        <dt>{t("swapPriceImpact")}</dt>
        <dd data-swap-impact="">{quote === undefined ? "—" : `${quote.priceImpact} %`}</dd>
        <dt>{t("swapFee")}</dt>
        <dd>{quote === undefined ? "—" : `${quote.fee} %`}</dd>
      </dl>
      <label className="field">
        <span>{t("swapSlippage")}</span>
        <input type="text" inputMode="decimal" autoComplete="off" value={form.slippage} data-swap-slippage="" disabled={busy}
          onChange={(event) => void engine.setSwapSlippage(event.currentTarget.value)} />
      </label>
      {insufficient ? <p className="error" role="alert" data-swap-problem="balance">{t("swapInsufficientBalance", { symbol: from.symbol })}</p> : null}
      {form.problem === undefined ? null : <p className="error" role="alert" data-swap-problem="quote">{errorText(form.problem, t)}</p>}
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
      {busy ? <p className="muted" role="status" data-swap-step={form.step}>{form.step === "approving" ? t("swapApproving", { symbol: from?.symbol ?? "" }) : t("swapSwapping")}</p> : null}
      <div className="actions">
        <button type="submit" className="primary" data-swap-submit="" disabled={busy || quote === undefined || insufficient}>
          {needsApproval ? t("swapApproveAndSwap", { symbol: from.symbol }) : t("swap")}
        </button>
      </div>
    </form>
  )
}

export function SwapView() {
  const { engine, t } = useModalContext()
  const account = Session.activeAccount(useEngineAtom(engine.atoms.session))
  if (account === undefined || account.namespace !== "eip155") return <p className="muted">{t("noAccount")}</p>
  return <SwapForm key={account.caipNetworkId} account={account} />
}
