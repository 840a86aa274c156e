/**
 * The quote shown when a provider's quote call fails (spec §8 "Fallbacks": "an onramp quote failure
 * returns a mocked quote"). It is marked as an estimate wherever it shows. Its fee is the top of the
 * spec's fee range (§9: 1-2 %), so an estimate never promises more than a provider would give; the crypto
 * amount is computed from the token's USD price when the modal knows one, and left empty otherwise.
 */
import type * as Onramp from "../Onramp.ts"
import { cents } from "./Buy.ts"

/** Percent: the top of spec §9's provider fee range. */
export const estimatedFeePercent = 2

const decimalOfCents = (value: bigint): string => `${value / 100n}.${(value % 100n).toString().padStart(2, "0")}`

export const estimatedQuote = (request: {
  readonly purchaseCurrency: string
  readonly paymentCurrency: string
  readonly amount: string
  /** USD per whole token, when known (and the payment currency is USD). */
  readonly usdPrice?: number
}): Onramp.OnrampQuote => {
  const total = cents(request.amount) ?? 0n
  // Rounded up: the estimate's fee is never below what the percentage says.
  const fee = (total * BigInt(estimatedFeePercent) + 99n) / 100n
  const subtotal = total - fee
  const price = request.paymentCurrency === "USD" ? request.usdPrice : undefined
  const purchase = price === undefined || price <= 0 ? "" : (Number(subtotal) / 100 / price).toFixed(6)
  const fiat = (value: bigint) => ({ amount: decimalOfCents(value), currency: request.paymentCurrency })
  return {
    coinbaseFee: fiat(fee),
    networkFee: fiat(0n),
    paymentSubtotal: fiat(subtotal),
    paymentTotal: fiat(total),
    purchaseAmount: { amount: purchase, currency: request.purchaseCurrency },
    quoteId: "estimate"
  }
}
