/**
 * A purchase handed to a provider's checkout: the view asks our server every few seconds whether the
 * provider delivered it, and says so when the tokens arrived (balances and activity load again then).
 * The checkout can be opened again from here (a blocked or closed window). After a quarter of an hour
 * without news it stops asking and offers to check again.
 */
import { useEffect, useState } from "react"
import * as Format from "../../../core/Format.ts"
import type * as Buy from "../../../core/onramp/Buy.ts"
import { shortenAddress } from "../Account/shortenAddress.ts"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { useModalContext } from "../ModalContext.ts"

const pollMillis = 3_000
/** Card payments settle in minutes; past this the view stops asking by itself. */
const followMillis = 15 * 60_000

export function PurchaseStatus({ purchase }: { readonly purchase: Buy.Purchase }) {
  const { engine, t, locale } = useModalContext()
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const [following, setFollowing] = useState(true)
  const arrived = purchase.status === "arrived"

  useEffect(() => {
    if (arrived || !following) return
    const check = () =>
      engine.checkPurchase().then(
        () => setFailure(undefined),
        (cause: unknown) => setFailure(asFailure(cause))
      )
    const timer = setInterval(() => void check(), pollMillis)
    const stop = setTimeout(() => setFollowing(false), followMillis)
    return () => {
      clearInterval(timer)
      clearTimeout(stop)
    }
  }, [engine, arrived, following])

  const done = () => void engine.forgetPurchase().then(() => engine.goBackTo("Account"))

  if (arrived && purchase.received !== undefined) {
    return (
      <div className="stack" data-buy-status="arrived">
        <p role="status">
          {t("buyArrived", { amount: Format.formatTokenBalance(purchase.received.amount, locale), symbol: purchase.symbol })}
        </p>
        <p className="muted">{t("buyDeliveredIn", { hash: shortenAddress(purchase.received.hash) })}</p>
        <div className="actions">
          <button type="button" className="primary" data-buy-done="" onClick={done}>{t("buyDone")}</button>
        </div>
      </div>
    )
  }
  return (
    <div className="stack" data-buy-status="waiting">
      <p role="status" aria-live="polite">
        {following
          ? t("buyWaiting", { provider: purchase.provider.name, symbol: purchase.symbol })
          : t("buyNotSeen", { provider: purchase.provider.name })}
      </p>
      <p className="muted">{t("buyPaying", { amount: purchase.fiat.amount, currency: purchase.fiat.currency })}</p>
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
      <div className="actions">
        <a className="secondary" href={purchase.checkoutUrl} target="_blank" rel="noopener noreferrer" data-buy-open-checkout="">
          {t("buyOpenCheckout", { provider: purchase.provider.name })}
        </a>
        {following ? null : <button type="button" className="secondary" onClick={() => setFollowing(true)}>{t("buyCheckAgain")}</button>}
        <button type="button" className="secondary" onClick={done}>{t("buyCancel")}</button>
      </div>
    </div>
  )
}
