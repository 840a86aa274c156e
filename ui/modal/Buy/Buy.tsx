/**
 * Buy (the onramp, a feature area of spec §2 loaded on demand): the currency to buy on the active network,
 * the amount and how it is paid (currency and method, within the method's limits), every provider's quote
 * side by side (an estimate is marked as one), then the chosen provider's checkout in a new window; the
 * view then follows the purchase until its tokens arrive. When the options could not be loaded the
 * built-in ones are used, and the view says so (spec §8).
 */
import { useEffect, useState } from "react"
import { referenceOf } from "../../../core/Caip.ts"
import * as Format from "../../../core/Format.ts"
import * as Buy from "../../../core/onramp/Buy.ts"
import * as Session from "../../../core/Session.ts"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { focusFirst } from "../components/focusFirst.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { PurchaseStatus } from "./PurchaseStatus.tsx"

/** Quotes follow the market while the form is open. */
const requoteMillis = 15_000

const paymentMethodLabel = { card: "buyMethodCard", ach_bank_account: "buyMethodBank" } as const
const isKnownMethod = (id: string): id is keyof typeof paymentMethodLabel => id in paymentMethodLabel

function Quotes({ state }: { readonly state: Buy.BuyState }) {
  const { engine, t, locale } = useModalContext()
  const chosen = Buy.chosenQuote(state)
  const best = Buy.bestQuote(state.quotes)
  if (state.quotes.length === 0) return state.quoting ? <p className="muted" role="status">{t("loading")}</p> : null
  return (
    <fieldset className="tokens" data-buy-quotes="">
      <legend>{t("buyProviders")}</legend>
      {state.quotes.map(({ provider, quote, estimate }) => (
        <label key={provider.id} className="quote" data-buy-provider={provider.id} data-buy-estimate={estimate ? "" : undefined}>
          <input type="radio" name="buy-provider" value={provider.id} checked={chosen?.provider.id === provider.id}
            onChange={() => void engine.chooseBuyProvider(provider.id)} />
          <span>
            <strong>{provider.name}</strong>
            {best?.provider.id === provider.id && state.quotes.length > 1 ? <span className="tag">{t("buyBestPrice")}</span> : null}
            {estimate ? <span className="tag" data-buy-estimate-label="">{t("buyEstimate")}</span> : null}
            <br />
            <span data-buy-receive="">
              {quote.purchaseAmount.amount === ""
                ? t("buyReceiveUnknown")
                : t("buyYouReceive", { amount: Format.formatTokenBalance(quote.purchaseAmount.amount, locale), symbol: quote.purchaseAmount.currency })}
            </span>
            <br />
            <span className="muted">
              {t("buyFees", { fee: Format.formatNumber(quote.coinbaseFee.amount, { locale }), network: Format.formatNumber(quote.networkFee.amount, { locale }), currency: quote.paymentTotal.currency })}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

function BuyForm({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t, locale } = useModalContext()
  const state = useEngineAtom(engine.atoms.buyForm)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  if (state.options === undefined) {
    return state.problem === undefined
      ? <p className="muted" role="status">{t("loading")}</p>
      : <p className="error" role="alert">{errorText(state.problem, t)}</p>
  }
  const currencies = Buy.currenciesOn(state, referenceOf(account.caipNetworkId))
  if (currencies.length === 0) return <p className="muted" role="status" data-buy-unavailable="">{t("buyUnavailable")}</p>
  const limit = Buy.limitOf(state.options, state.paymentCurrency, state.paymentMethod)
  const methods = state.options.paymentCurrencies.find((currency) => currency.id === state.paymentCurrency)?.payment_method_limits ?? []
  const problem = limit === undefined || state.amount === "" ? undefined : Buy.amountProblem(state.amount, limit)
  const chosen = Buy.chosenQuote(state)

  const checkout = () => {
    setFailure(undefined)
    setBusy(true)
    // Opened now, inside the click, so no popup blocker stops it; it learns its address when the URL is signed.
    const opened = window.open("", "_blank")
    if (opened !== null) opened.opener = null
    engine.checkoutBuy().then(
      (url) => {
        if (opened !== null) opened.location.href = url
      },
      (cause: unknown) => {
        opened?.close()
        setFailure(asFailure(cause))
      }
    ).finally(() => setBusy(false))
  }

  return (
    <form className="stack" onSubmit={(event) => {
      event.preventDefault()
      checkout()
    }}>
      {state.fallback ? <p className="muted" role="status" data-buy-fallback="">{t("buyFallbackOptions")}</p> : null}
      <label className="field">
        <span>{t("buyCurrency")}</span>
        <select value={state.currency ?? ""} data-buy-currency="" onChange={(event) => void engine.setBuyCurrency(event.currentTarget.value)}>
          {currencies.map((currency) => <option key={currency.id} value={currency.id}>{`${currency.symbol} — ${currency.name}`}</option>)}
        </select>
      </label>
      <label className="field">
        <span>{t("buyPaymentCurrency")}</span>
        <select value={state.paymentCurrency} data-buy-payment-currency=""
          onChange={(event) => void engine.setBuyPayment(event.currentTarget.value, state.paymentMethod)}>
          {state.options.paymentCurrencies.map((currency) => <option key={currency.id} value={currency.id}>{currency.id}</option>)}
        </select>
      </label>
      <label className="field">
        <span>{t("buyPaymentMethod")}</span>
        <select value={state.paymentMethod} data-buy-payment-method=""
          onChange={(event) => void engine.setBuyPayment(state.paymentCurrency, event.currentTarget.value)}>
          {methods.map((method) => <option key={method.id} value={method.id}>{isKnownMethod(method.id) ? t(paymentMethodLabel[method.id]) : method.id}</option>)}
        </select>
      </label>
      <label className="field">
        <span>{t("buyAmount", { currency: state.paymentCurrency })}</span>
        <input type="text" inputMode="decimal" autoComplete="off" value={state.amount} data-buy-amount="" aria-invalid={problem !== undefined}
          aria-describedby="portico-buy-limits" onChange={(event) => void engine.setBuyAmount(event.currentTarget.value)} />
      </label>
      {limit === undefined ? null : (
        <p className="muted" id="portico-buy-limits">{t("buyLimits", { min: Format.formatNumber(limit.min, { locale }), max: Format.formatNumber(limit.max, { locale }), currency: state.paymentCurrency })}</p>
      )}
      {problem === undefined ? null : (
        <p className="error" role="alert" data-buy-problem={problem.kind}>
          {problem.kind === "invalid"
            ? t("buyAmountInvalid")
            : problem.kind === "belowMin"
            ? t("buyAmountBelowMin", { min: Format.formatNumber(problem.min, { locale }), currency: state.paymentCurrency })
            : t("buyAmountAboveMax", { max: Format.formatNumber(problem.max, { locale }), currency: state.paymentCurrency })}
        </p>
      )}
      {problem === undefined ? <Quotes state={state} /> : null}
      {state.problem === undefined ? null : <p className="error" role="alert">{errorText(state.problem, t)}</p>}
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
      <div className="actions">
        <button type="submit" className="primary" data-buy-submit="" disabled={busy || problem !== undefined || chosen === undefined}>
          {chosen === undefined ? t("buyContinue") : t("buyContinueWith", { provider: chosen.provider.name })}
        </button>
      </div>
    </form>
  )
}

function Steps({ account }: { readonly account: Session.SessionAccount }) {
  const { engine } = useModalContext()
  const purchase = useEngineAtom(engine.atoms.buyForm).purchase
  useEffect(() => {
    void engine.openBuy()
    const timer = setInterval(() => void engine.requoteBuy(), requoteMillis)
    return () => clearInterval(timer)
  }, [engine])
  const step = purchase === undefined ? "form" : "status"
  // Each step mounts afresh and takes the focus to its first control, so keyboard users stay in the dialog.
  return (
    <div key={step} tabIndex={-1} ref={(element) => focusFirst(element, "input:not([disabled]), select, button:not([disabled]), a[href]")}>
      {purchase === undefined ? <BuyForm account={account} /> : <PurchaseStatus purchase={purchase} />}
    </div>
  )
}

export function BuyView() {
  const { engine, t } = useModalContext()
  const account = Session.activeAccount(useEngineAtom(engine.atoms.session))
  if (account === undefined) return <p className="muted">{t("noAccount")}</p>
  return <Steps key={account.caipNetworkId} account={account} />
}
