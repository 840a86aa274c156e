/**
 * The Activity tab: the account's transactions on its network grouped by year then month (headings
 * in the locale's month names), each with its direction, counterparty, amount (3 decimals) and a
 * short relative time from the engine's clock; an ERC-20 approval shows the token, the allowance
 * ("Unlimited USDC") and the spender; "Load more" fetches the next page by its cursor. What a row says
 * (direction, counterparty, legs, allowance) is core's Transaction.summary.
 */
import * as Format from "../../../core/Format.ts"
import type * as Session from "../../../core/Session.ts"
import * as Transaction from "../../../core/Transaction.ts"
import { useEffect } from "react"
import * as Constants from "../../../core/Constants.ts"
import type { MessageKey } from "../../i18n/en.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { TransactionListFooter, useTransactionList } from "./TransactionList.tsx"
import { shortenAddress } from "./shortenAddress.ts"

const monthName = (year: number, month: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, month - 1, 1))

const labels: Record<Transaction.Direction, MessageKey> = {
  trade: "swapped",
  in: "received",
  out: "sent",
  self: "self",
  approve: "approved",
  call: "contractCall"
}

function Row({ transaction, now }: { readonly transaction: Transaction.Transaction; readonly now: number }) {
  const { t, locale } = useModalContext()
  const { direction, counterparty, legs, approval } = Transaction.summary(transaction)
  const amountOf = (leg: Transaction.Transfer) =>
    leg.nft_info?.name ??
      t("balanceOf", {
        amount: Format.formatActivityAmount(leg.quantity?.numeric ?? "0", locale),
        symbol: leg.fungible_info?.symbol ?? ""
      })
  const allowance = (granted: Transaction.Approval) => {
    const symbol = granted.fungible_info?.symbol ?? ""
    if (granted.unlimited) return t("unlimitedOf", { symbol })
    return granted.quantity === undefined ? symbol : t("balanceOf", { amount: Format.formatActivityAmount(granted.quantity.numeric, locale), symbol })
  }
  const amounts = approval === undefined ? legs.map(amountOf) : [allowance(approval)]
  const minedAt = Date.parse(transaction.metadata.minedAt)
  const label = t(labels[direction])
  const party = direction === "approve" ? "spenderAddress" : direction === "in" ? "fromAddress" : "toAddress"
  return (
    <li className="row-line activity" data-transaction={transaction.id} data-direction={direction}>
      <span className="activity-what">
        <strong>{label}</strong>
        {counterparty === undefined ? null : (
          <span className="muted" title={counterparty}>
            {t(party, { address: shortenAddress(counterparty) })}
          </span>
        )}
      </span>
      <span className="activity-amount">
        {amounts.map((amount, index) => index === 0
          ? <span key={index} data-amount="">{amount}</span>
          // The arrow stands outside the amount's left-to-right isolate, so it points the way the page reads.
          : <span key={index} data-amount="" className="leg"><span className="flip">→</span> <bdi>{amount}</bdi></span>)}
        <time className="muted" dateTime={transaction.metadata.minedAt}>{Format.formatRelativeTime(minedAt, now, locale)}</time>
      </span>
    </li>
  )
}

/** Sends the history does not list yet, newest first; the history is read again until it lists them. */
function Pending({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t, locale } = useModalContext()
  const pending = useEngineAtom(engine.atoms.pending(account))
  const waiting = pending.length > 0
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => void engine.refreshTransactions(account), Constants.pendingRefreshMillis)
    return () => clearInterval(timer)
  }, [engine, account, waiting])
  if (!waiting) return null
  return (
    <section aria-label={t("pending")}>
      <h3 className="group-heading">{t("pending")}</h3>
      <ul className="list">
        {pending.map((entry) => (
          <li key={entry.id} className="row-line activity" data-pending={entry.id}>
            <span className="activity-what">
              <strong>{t("sent")}</strong>
              <span className="muted" title={entry.to}>{t("toAddress", { address: shortenAddress(entry.to) })}</span>
            </span>
            <span className="activity-amount">
              <span data-amount="">{t("balanceOf", { amount: Format.formatActivityAmount(entry.amount, locale), symbol: entry.symbol })}</span>
              <span className="muted" role="status">{t("pending")}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function Activity({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t, locale } = useModalContext()
  const list = useTransactionList(account)
  const now = engine.now()
  const groups = Transaction.groupByYearAndMonth(list.transactions)
  return (
    <div>
      <Pending account={account} />
      {list.empty && list.transactions.length === 0 && list.error === undefined ? <p className="muted">{t("noActivity")}</p> : null}
      {groups.map((year) =>
        year.months.map((month) => (
          <section key={`${year.year}-${month.month}`} aria-label={monthName(year.year, month.month, locale)}>
            <h3 className="group-heading">{monthName(year.year, month.month, locale)}</h3>
            <ul className="list">
              {month.transactions.map((transaction) => <Row key={transaction.id} transaction={transaction} now={now} />)}
            </ul>
          </section>
        ))
      )}
      <TransactionListFooter account={account} />
    </div>
  )
}
