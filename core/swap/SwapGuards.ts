/**
 * What stops a swap before anything is sent (spec §2 feature area "swaps"): an amount above what the
 * account holds of the token it pays with (Send's InsufficientBalanceError), and a price impact above 5 % (the visitor would receive much
 * less than the market price). The form shows every refusal as the visitor types; `Swapping.swap` runs
 * the same check and refuses. Also the approval rule (an ERC-20 the router may not spend enough of is
 * approved first) and the minimum the swap accepts under the slippage tolerance, shared by both.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "../FixedMessage.ts"
import * as Amount from "../send/Amount.ts"
import type * as TokenBalance from "../TokenBalance.ts"
import * as Quote from "./Quote.ts"
import * as Swap from "./Swap.ts"

/** Above this price impact, in percent, a swap is refused. */
export const maxPriceImpactPercent = 5

/** The account's balance of a swap token (Ether: the native balance), as decimal text; "0" when it holds none. */
export const heldOf = (token: Swap.SwapToken, balances: ReadonlyArray<TokenBalance.TokenBalance>): string => {
  const held = balances.find((balance) =>
    Swap.isNative(token) ? balance.address === undefined : balance.address?.toLowerCase() === token.address.toLowerCase())
  return held?.quantity.numeric ?? "0"
}

/** Whether the router must be approved to spend `units` of `from` first (a native coin needs no approval, nor a Solana token: Jupiter's transaction moves it). */
export const needsApproval = (from: Swap.SwapToken, allowance: bigint | undefined, units: bigint): boolean =>
  Swap.needsAllowance(from) && (allowance ?? 0n) < units

/** The least the swap accepts under the form's slippage, as the router enforces it; undefined for a slippage that is not valid. */
export const minimumOf = (toAmount: bigint, slippage: string): bigint | undefined => {
  const ppm = Quote.percentToPpm(slippage)
  return ppm === undefined ? undefined : Quote.minimumOut(toAmount, ppm)
}

const percentPattern = /^(\d+)(?:\.(\d+))?$/

/**
 * Whether a quote's price impact (percent as decimal text) is above the limit, exactly on its digits. A
 * negative impact (better than the market) is within it; anything that is not a number is not.
 */
export const impactTooHigh = (priceImpact: string): boolean => {
  const text = priceImpact.trim()
  if (/^-\d+(?:\.\d+)?$/.test(text)) return false
  const match = percentPattern.exec(text)
  if (match === null) return true
  const whole = BigInt(match[1] ?? "0")
  const limit = BigInt(maxPriceImpactPercent)
  return whole > limit || (whole === limit && /[1-9]/.test(match[2] ?? ""))
}

export type SwapRefusal = Amount.InsufficientBalanceError | SwapPriceImpactTooHighError

/** Every reason the form as it stands may not be swapped, in the order the form shows them. */
export const refusals = (state: Swap.SwapState, balances: ReadonlyArray<TokenBalance.TokenBalance>): ReadonlyArray<SwapRefusal> => {
  const { from, units, quote } = state
  return [
    ...(from !== undefined && units !== undefined && !Amount.withinBalance(units, heldOf(from, balances), from.decimals)
      ? [new Amount.InsufficientBalanceError({ symbol: from.symbol })]
      : []),
    ...(quote !== undefined && impactTooHigh(quote.priceImpact) ? [new SwapPriceImpactTooHighError({ impact: quote.priceImpact })] : [])
  ]
}

/** Fails with the first refusal of the form, if any. */
export const check = (state: Swap.SwapState, balances: ReadonlyArray<TokenBalance.TokenBalance>): Effect.Effect<void, SwapRefusal> => {
  const [first] = refusals(state, balances)
  return first === undefined ? Effect.void : Effect.fail(first)
}

/** The swap would execute more than 5 % below the market price. */
export class SwapPriceImpactTooHighError extends Schema.TaggedError<SwapPriceImpactTooHighError>()("SwapPriceImpactTooHighError", {
  /** Percent, as quoted. */
  impact: Schema.String,
  message: fixed("Price impact too high")
}) {}
