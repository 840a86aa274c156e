/**
 * What both stand-ins do with an amount: price it for a ramp (QuoteMath.ts) within the quote range, or
 * refuse it naming the field; and turn a widget's order into the checkout's Order, within the card limit.
 */
import { getAddress, isAddress, parseUnits } from "viem"
import { cents } from "../../core/onramp/Buy.ts"
import { cardLimit, fiatUsd, paymentLimits, pricingOf, type RampNetwork, type SoldAsset } from "./Catalogue.ts"
import { centsText, type Order } from "./CheckoutPage.ts"
import { quoteFor, totalFor, type Quote } from "./QuoteMath.ts"
import type { Ramp } from "./Ramps.ts"

/** The widest range the payment methods take together: quotes do not depend on the method. */
const quoteRange = {
  min: paymentLimits.map((limit) => cents(limit.min) ?? 0n).reduce((a, b) => (b < a ? b : a)),
  max: paymentLimits.map((limit) => cents(limit.max) ?? 0n).reduce((a, b) => (b > a ? b : a))
}

/** `amount` of `asset` in base units; undefined unless plain decimal text within the asset's decimals. */
export const unitsOf = (amount: string, asset: SoldAsset): bigint | undefined =>
  !/^\d+(\.\d+)?$/.test(amount) || (amount.split(".")[1] ?? "").length > asset.decimals ? undefined : parseUnits(amount, asset.decimals)

/** The fiat charged (`paymentAmount`, fiat text) or the crypto wanted (`purchaseAmount`, decimal text). */
export type Amount = { readonly paymentAmount: string } | { readonly purchaseAmount: string }

export type Priced =
  | { readonly _tag: "Quote"; readonly quote: Quote }
  | { readonly _tag: "Refused"; readonly field: "fiat" | "crypto" | "currency"; readonly message: string }

export const price = (ramp: Ramp, asset: SoldAsset, fiat: string, amount: Amount): Priced => {
  const fiatValue = fiatUsd.get(fiat.toUpperCase())
  if (fiatValue === undefined) return { _tag: "Refused", field: "currency", message: `${ramp.name} does not take ${fiat}` }
  const pricing = pricingOf(ramp, asset, fiatValue)
  const field = "paymentAmount" in amount ? "fiat" : "crypto"
  let total: bigint | undefined
  if ("paymentAmount" in amount) total = cents(amount.paymentAmount)
  else {
    const units = unitsOf(amount.purchaseAmount, asset)
    total = units === undefined || units === 0n ? undefined : totalFor(units, pricing)
  }
  if (total === undefined) return { _tag: "Refused", field, message: "not an amount" }
  if (total < quoteRange.min || total > quoteRange.max) {
    return { _tag: "Refused", field, message: `must come to ${centsText(quoteRange.min)} to ${centsText(quoteRange.max)} ${fiat.toUpperCase()}` }
  }
  const quote = quoteFor(total, pricing)
  return quote === undefined ? { _tag: "Refused", field, message: "too small to cover the fees" } : { _tag: "Quote", quote }
}

export type Ordered =
  | { readonly _tag: "Order"; readonly order: Order }
  | { readonly _tag: "Problem"; readonly status: number; readonly title: string; readonly message: string }

/** A widget's order, as the checkout takes it: a real address, a price, and within the card limit. */
export const orderOf = (ramp: Ramp, asset: SoldAsset, network: RampNetwork, to: string, fiat: string, amount: Amount): Ordered => {
  if (!isAddress(to)) return { _tag: "Problem", status: 422, title: "This order cannot be served", message: "The wallet address is not an address." }
  const priced = price(ramp, asset, fiat, amount)
  if (priced._tag === "Refused") return { _tag: "Problem", status: 422, title: "This amount cannot be bought", message: `The amount ${priced.message}.` }
  const { quote } = priced
  const [min, max] = [cents(cardLimit.min) ?? 0n, cents(cardLimit.max) ?? 0n]
  if (quote.totalCents < min || quote.totalCents > max) {
    return { _tag: "Problem", status: 422, title: "This amount cannot be paid by card", message: `Card payments are from ${cardLimit.min} to ${cardLimit.max} ${fiat.toUpperCase()}.` }
  }
  return { _tag: "Order", order: { ramp, asset, network, to: getAddress(to), quote, fiat: fiat.toUpperCase() } }
}
