/**
 * The swap form (spec §2 feature area "swaps"): the tokens a network swaps (CAIP-10 ids, Ether as
 * `…:0xeeee…eeee`), the pair and amount the visitor chose, the server's quote for it, and the step the
 * swap is at. Amounts the visitor types are decimal text; quotes and transactions are in base units.
 */
import * as Context from "effect/Context"
import * as Schema from "effect/Schema"
import type * as SubscriptionRef from "effect/SubscriptionRef"

/** Ether in the convert API's CAIP-10 ids. */
export const nativeToken = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

/** SOL in the convert API's CAIP-10 ids: the wrapped-SOL mint, as Jupiter names it (and unwraps it for the user). */
export const solanaNativeMint = "So11111111111111111111111111111111111111112"

export const SwapToken = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  /** CAIP-10 id. */
  address: Schema.String,
  decimals: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 36 })),
  logoUri: Schema.String
})
export type SwapToken = typeof SwapToken.Type

export const isNative = (token: SwapToken): boolean =>
  token.address.toLowerCase().endsWith(`:${nativeToken}`) || (token.address.startsWith("solana:") && token.address.endsWith(`:${solanaNativeMint}`))

/** Whether swapping `token` needs the router's allowance first: EVM tokens other than Ether (Solana has no allowances). */
export const needsAllowance = (token: SwapToken): boolean => !isNative(token) && !token.address.startsWith("solana:")

export interface SwapQuote {
  /** What the swap returns, in the output token's base units. */
  readonly toAmount: bigint
  /** Percent, fee included. */
  readonly priceImpact: string
  /** Percent. */
  readonly fee: string
}

/** A transaction the wallet is asked to send (an approval or the swap). */
export interface SwapTransaction {
  readonly from: string
  readonly to: string
  readonly data: string
  readonly value: bigint
}

export type SwapStep = "form" | "approving" | "swapping"

export interface SwapState {
  /** Undefined until the network's tokens arrive. */
  readonly tokens: ReadonlyArray<SwapToken> | undefined
  readonly from: SwapToken | undefined
  readonly to: SwapToken | undefined
  /** As typed, in whole units of `from`. */
  readonly amount: string
  /** `amount` in base units of `from`; undefined while it is not a valid amount. */
  readonly units: bigint | undefined
  /** Percent, as typed (spec §9: 1 by default). */
  readonly slippage: string
  readonly quote: SwapQuote | undefined
  readonly quoting: boolean
  /** Why the last quote (or the token list) could not be had: a tagged error's tag and message. */
  readonly problem: { readonly _tag: string; readonly message: string } | undefined
  /** How much of `from` the router may spend for the visitor (Ether: unlimited). */
  readonly allowance: bigint | undefined
  readonly step: SwapStep
}

export const initial: SwapState = {
  tokens: undefined,
  from: undefined,
  to: undefined,
  amount: "",
  units: undefined,
  slippage: "1",
  quote: undefined,
  quoting: false,
  problem: undefined,
  allowance: undefined,
  step: "form"
}

/**
 * The form, made by the composition root before the swap feature's own chunk loads (the view reads it
 * from the first render).
 */
export class SwapForm extends Context.Service<SwapForm, SubscriptionRef.SubscriptionRef<SwapState>>()("portico/core/swap/SwapForm") {}

/** The state with `units` read again from `amount` and `from` (after either changed). */
export const withUnits = (state: SwapState, parse: (text: string, decimals: number) => bigint | undefined): SwapState => ({
  ...state,
  units: state.from === undefined ? undefined : parse(state.amount, state.from.decimals)
})

/** A swap the chain reverted: the wallet sent it, the router refused it (price moved past the slippage…). */
export class SwapRevertedError extends Schema.TaggedError<SwapRevertedError>()("SwapRevertedError", {
  hash: Schema.String,
  message: Schema.String
}) {}
