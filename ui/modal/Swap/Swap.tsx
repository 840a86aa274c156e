/**
 * Swap (a feature area of spec §2, loaded on demand): the token to pay and the one to receive (Ether and
 * the network's tokens, each with the account's balance), the amount, and a quote from our server that
 * follows every change and refreshes every 10 s while the view is open: what the visitor receives, the
 * price impact and the fee. The slippage tolerance (1 % by default) bounds the minimum the swap accepts.
 * The form says why it may not be swapped (core's SwapGuards: the balance, a price impact above 5 %) before
 * anything is sent, and the swap itself refuses the same; the preview shows the minimum the swap accepts,
 * and confirming asks the wallet for the approval first when needed, then for the swap, each mined before
 * the next. A search narrows both token lists.
 */
import { useEffect, useState } from "react"
import { formatUnits } from "viem"
import * as Format from "../../../core/Format.ts"
import * as Session from "../../../core/Session.ts"
import * as Quote from "../../../core/swap/Quote.ts"
import type * as Swap from "../../../core/swap/Swap.ts"
import * as SwapGuards from "../../../core/swap/SwapGuards.ts"
import type * as TokenBalance from "../../../core/TokenBalance.ts"
import { useBalances } from "../Account/useBalances.ts"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { focusFirst } from "../components/focusFirst.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

/** The quote follows the market while the view is open. */
const requoteMillis = 10_000

/** Which problem a refusal is, for the page's tests and styles. */
const problemNames: Record<SwapGuards.SwapRefusal["_tag"], string> = {
  InsufficientBalanceError: "balance",
  SwapPriceImpactTooHighError: "impact"
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
  // The chosen token stays listed whatever the search, so the select never shows a choice it lacks.
  const listed = value === undefined || tokens.includes(value) ? tokens : [value, ...tokens]
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value?.address ?? ""} onChange={(event) => onChange(event.currentTarget.value)} data-swap-token={testId}>
        {listed.map((token) => (
          <option key={token.address} value={token.address}>
            {token.symbol} — {t("balanceOf", { amount: Format.formatTokenBalance(SwapGuards.heldOf(token, balances), locale), symbol: token.symbol })}
          </option>
        ))}
      </select>
    </label>
  )
}

function Preview({ onEdit }: { readonly onEdit: () => void }) {
  const { engine, t, locale } = useModalContext()
  const form = useEngineAtom(engine.atoms.swapForm)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const { from, to, quote, units } = form
  if (from === undefined || to === undefined || quote === undefined || units === undefined) return null
  const minimum = SwapGuards.minimumOf(quote.toAmount, form.slippage)
  const needsApproval = SwapGuards.needsApproval(from, form.allowance, units)
  const busy = form.step !== "form"
  const amountOf = (value: bigint, token: Swap.SwapToken) =>
    t("balanceOf", { amount: Format.formatTokenBalance(formatUnits(value, token.decimals), locale), symbol: token.symbol })
  const confirm = () => {
    setFailure(undefined)
    engine.swap().then(
      () => void engine.showToast({ message: t("swapDone"), variant: "success" }),
      (cause: unknown) => setFailure(asFailure(cause))
    )
  }
  return (
    <div data-swap-step-view="preview">
      <dl className="summary">
        <dt>{t("swapPay")}</dt>
        <dd>{amountOf(units, from)}</dd>
        <dt>{t("swapYouReceive")}</dt>
        <dd data-swap-preview-quote="">{amountOf(quote.toAmount, to)}</dd>
        <dt>{t("swapMinimum")}</dt>
        <dd data-swap-minimum="">{minimum === undefined ? "—" : amountOf(minimum, to)}</dd>
        <dt>{t("swapPriceImpact")}</dt>
        <dd>{Format.formatPercent(quote.priceImpact, locale)}</dd>
        <dt>{t("swapFee")}</dt>
        <dd>{`${quote.fee} %`}</dd>
      </dl>
      {needsApproval ? <p className="muted">{t("swapApprovalFirst", { symbol: from.symbol })}</p> : null}
      {busy ? <p className="muted" role="status" data-swap-step={form.step}>{form.step === "approving" ? t("swapApproving", { symbol: from.symbol }) : t("swapSwapping")}</p> : null}
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
      <div className="actions">
        <button type="button" className="secondary" onClick={onEdit} disabled={busy}>{t("sendEdit")}</button>
        <button type="button" className="primary" data-swap-confirm="" onClick={confirm} disabled={busy}>
          {needsApproval ? t("swapApproveAndSwap", { symbol: from.symbol }) : t("swap")}
        </button>
      </div>
    </div>
  )
}

function SwapForm({ account, onReview }: { readonly account: Session.SessionAccount; readonly onReview: () => void }) {
  const { engine, t, locale } = useModalContext()
  const form = useEngineAtom(engine.atoms.swapForm)
  const { shown } = useBalances(account)
  const [search, setSearch] = useState("")
  const balances = shown?.balances ?? []

  if (form.tokens === undefined) return <p className="muted" role="status">{t("loading")}</p>
  if (form.tokens.length === 0) {
    return <p className="error" role="alert">{form.problem === undefined ? t("swapUnavailable") : errorText(form.problem, t)}</p>
  }
  const { from, to, quote } = form
  const query = search.trim().toLowerCase()
  const tokens = query === "" ? form.tokens : form.tokens.filter((token) => `${token.symbol} ${token.name}`.toLowerCase().includes(query))
  const refusals = SwapGuards.refusals(form, balances)
  const slippageValid = Quote.percentToPpm(form.slippage) !== undefined
  const received = quote === undefined || to === undefined ? undefined : formatUnits(quote.toAmount, to.decimals)
  return (
    <form className="stack" onSubmit={(event) => {
      event.preventDefault()
      onReview()
    }}>
      <label className="field">
        <span>{t("swapSearch")}</span>
        <input type="search" autoComplete="off" value={search} data-swap-search="" onChange={(event) => setSearch(event.currentTarget.value)} />
      </label>
      <TokenSelect label={t("swapPay")} value={from} tokens={tokens} balances={balances} onChange={(address) => void engine.setSwapFrom(address)} testId="from" />
      <label className="field">
        <span>{t("sendAmount")}</span>
        <input type="text" inputMode="decimal" autoComplete="off" value={form.amount} data-swap-amount=""
          onChange={(event) => void engine.setSwapAmount(event.currentTarget.value)} />
      </label>
      <button type="button" className="secondary" onClick={() => void engine.flipSwap()}>{t("swapFlip")}</button>
      <TokenSelect label={t("swapReceive")} value={to} tokens={tokens} balances={balances} onChange={(address) => void engine.setSwapTo(address)} testId="to" />
      <dl className="summary" aria-live="polite">
        <dt>{t("swapYouReceive")}</dt>
        <dd data-swap-quote={quote?.toAmount.toString() ?? ""}>
          {form.quoting && received === undefined ? t("loading") : received === undefined || to === undefined ? "—" : t("balanceOf", { amount: Format.formatTokenBalance(received, locale), symbol: to.symbol })}
        </dd>
        <dt>{t("swapPriceImpact")}</dt>
        <dd data-swap-impact="">{quote === undefined ? "—" : Format.formatPercent(quote.priceImpact, locale)}</dd>
        <dt>{t("swapFee")}</dt>
        <dd>{quote === undefined ? "—" : `${quote.fee} %`}</dd>
      </dl>
      <label className="field">
        <span>{t("swapSlippage")}</span>
        <input type="text" inputMode="decimal" autoComplete="off" value={form.slippage} data-swap-slippage="" aria-invalid={!slippageValid}
          onChange={(event) => void engine.setSwapSlippage(event.currentTarget.value)} />
      </label>
      {slippageValid ? null : <p className="error" role="alert" data-swap-problem="slippage">{t("swapSlippageInvalid")}</p>}
      {refusals.map((refusal) => <p key={refusal._tag} className="error" role="alert" data-swap-problem={problemNames[refusal._tag]}>{errorText(refusal, t)}</p>)}
      {form.problem === undefined ? null : <p className="error" role="alert" data-swap-problem="quote">{errorText(form.problem, t)}</p>}
      <div className="actions">
        <button type="submit" className="primary" data-swap-submit="" disabled={quote === undefined || refusals.length > 0 || !slippageValid}>
          {t("sendReview")}
        </button>
      </div>
    </form>
  )
}

function Steps({ account }: { readonly account: Session.SessionAccount }) {
  const { engine } = useModalContext()
  const [step, setStep] = useState<"form" | "preview">("form")
  useEffect(() => {
    void engine.openSwap()
    const timer = setInterval(() => void engine.requoteSwap(), requoteMillis)
    return () => clearInterval(timer)
  }, [engine])
  // Each step mounts afresh and takes the focus to its first control, so keyboard users stay in the dialog.
  return (
    <div key={step} tabIndex={-1} ref={(element) => focusFirst(element, "input:not([disabled]), select, button:not([disabled])")}>
      {step === "form" ? <SwapForm account={account} onReview={() => setStep("preview")} /> : <Preview onEdit={() => setStep("form")} />}
    </div>
  )
}

export function SwapView() {
  const { engine, t } = useModalContext()
  const account = Session.activeAccount(useEngineAtom(engine.atoms.session))
  // EVM swaps through the chain's venues, Solana's through a Jupiter-compatible API (both behind our server).
  if (account === undefined || (account.namespace !== "eip155" && account.namespace !== "solana")) return <p className="muted">{t("noAccount")}</p>
  return <Steps key={account.caipNetworkId} account={account} />
}
