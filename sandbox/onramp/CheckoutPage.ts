/**
 * The checkout's HTML: the order (what arrives where, and what it costs), the card form that posts to
 * `/checkout/pay`, the receipt once the tokens are delivered, and the page for a link that cannot be used.
 * No inline script or style: the pages load /checkout.js and /checkout.css under a strict CSP. Every value
 * is escaped.
 */
import { formatUnits } from "viem"
import type { CardField } from "./Card.ts"
import type { RampNetwork, SoldAsset } from "./Catalogue.ts"
import type { Quote } from "./QuoteMath.ts"
import type { Ramp } from "./Ramps.ts"

export interface Order {
  readonly ramp: Ramp
  readonly asset: SoldAsset
  readonly network: RampNetwork
  readonly to: string
  readonly quote: Quote
  /** The payment currency (USD, EUR). */
  readonly fiat: string
}

/** Cents as fiat text (`5000n` → `"50.00"`). */
export const centsText = (value: bigint): string => `${value / 100n}.${String(value % 100n).padStart(2, "0")}`

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/checkout.css">
<script type="module" src="/checkout.js"></script>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`

const header = (ramp: Ramp | undefined) =>
  `<header><p class="brand">${escape(ramp?.name ?? "Onramp")}</p><p class="note">Sandbox checkout: no real money moves.</p></header>`

const received = (order: Order) => `${formatUnits(order.quote.units, order.asset.decimals)} ${order.asset.symbol}`
const money = (cents: bigint, order: Order) => `${centsText(cents)} ${order.fiat}`

const summary = (order: Order) => `<dl class="order">
<dt>You receive</dt><dd>${escape(received(order))}</dd>
<dt>Network</dt><dd>${escape(order.network.name)}</dd>
<dt>To wallet</dt><dd><code>${escape(order.to)}</code></dd>
<dt>Subtotal</dt><dd>${escape(money(order.quote.subtotalCents, order))}</dd>
<dt>${escape(order.ramp.name)} fee (${Number(order.ramp.feeBps) / 100} %)</dt><dd>${escape(money(order.quote.feeCents, order))}</dd>
<dt>Network fee</dt><dd>${escape(money(order.quote.networkFeeCents, order))}</dd>
<dt>Total</dt><dd class="total">${escape(money(order.quote.totalCents, order))}</dd>
</dl>`

const field = (name: CardField, label: string, attributes: string, problem: { readonly field?: CardField } | undefined) => {
  const wrong = problem?.field === name
  return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attributes} required${wrong ? ' aria-invalid="true" aria-describedby="problem"' : ""}>`
}

export const checkoutPage = (order: Order, checkout: string, problem?: { readonly field?: CardField; readonly message: string }) =>
  page(`${order.ramp.name}: buy ${order.asset.symbol}`, `${header(order.ramp)}
<h1>Buy ${escape(received(order))}</h1>
${summary(order)}
<form method="post" action="/checkout/pay" novalidate>
<input type="hidden" name="checkout" value="${escape(checkout)}">
${problem === undefined ? "" : `<p id="problem" class="problem" role="alert">${escape(problem.message)}</p>`}
${field("card_number", "Card number", 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23"', problem)}
<div class="row">
<div>${field("expiry", "Expiry (MM/YY)", 'autocomplete="cc-exp" placeholder="12/30" maxlength="7"', problem)}</div>
<div>${field("cvc", "CVC", 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="3"', problem)}</div>
</div>
<button type="submit">Pay ${escape(money(order.quote.totalCents, order))}</button>
<p class="note">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. Any future expiry, any 3-digit CVC.</p>
</form>`)

export const receiptPage = (order: Order, receipt: { readonly hash: string; readonly purchaseId: string; readonly notified: boolean }) =>
  page(`${order.ramp.name}: payment complete`, `${header(order.ramp)}
<h1>Payment complete</h1>
<p>${escape(received(order))} was sent to your wallet on ${escape(order.network.name)}.</p>
${summary(order)}
<dl class="order">
<dt>Transaction</dt><dd><code id="transaction">${escape(receipt.hash)}</code></dd>
<dt>Purchase</dt><dd><code>${escape(receipt.purchaseId)}</code></dd>
</dl>
${receipt.notified ? "" : '<p class="problem" role="alert">The site could not be told about this purchase yet; your tokens have arrived all the same.</p>'}
<p class="done">You can close this window.</p>`)

export const problemPage = (ramp: Ramp | undefined, title: string, message: string) =>
  page(`${ramp?.name ?? "Onramp"}: ${title}`, `${header(ramp)}
<h1>${escape(title)}</h1>
<p class="problem" role="alert">${escape(message)}</p>
<p>Go back to the site you came from and start the purchase again.</p>`)
