/**
 * Jupiter's Swap API (v1) shapes as far as Portico reads them: `GET {base}/quote` answers a QuoteResponse
 * that `POST {base}/swap` takes back with the user's public key, answering a base64 versioned transaction
 * for the user to sign and send. Refusals are `{ error, errorCode }`. The sandbox's stand-in answers the
 * same shapes (sandbox/solana/JupiterStandIn.ts).
 */
import * as Schema from "effect/Schema"
import { solanaNativeMint } from "../../../core/swap/Swap.ts"

/** A whole number of base units, as Jupiter writes amounts. */
const Units = Schema.String.check(Schema.isPattern(/^\d{1,30}$/))

export const SwapInfo = Schema.Struct({
  ammKey: Schema.String,
  label: Schema.optionalKey(Schema.String),
  inputMint: Schema.String,
  outputMint: Schema.String,
  inAmount: Units,
  outAmount: Units,
  feeAmount: Units,
  feeMint: Schema.String
})

export const QuoteResponse = Schema.Struct({
  inputMint: Schema.String,
  inAmount: Units,
  outputMint: Schema.String,
  outAmount: Units,
  /** The least the swap may give under the slippage tolerance. */
  otherAmountThreshold: Units,
  swapMode: Schema.Literals(["ExactIn", "ExactOut"]),
  slippageBps: Schema.Int,
  /** A fraction (`"0.0012"` is 0.12 %). */
  priceImpactPct: Schema.String.check(Schema.isPattern(/^-?\d+(\.\d+)?(e-?\d+)?$/)),
  routePlan: Schema.Array(Schema.Struct({ swapInfo: SwapInfo, percent: Schema.Finite })).check(Schema.isMinLength(1)),
  contextSlot: Schema.optionalKey(Schema.Finite),
  timeTaken: Schema.optionalKey(Schema.Finite)
})
export type QuoteResponse = typeof QuoteResponse.Type

export const SwapRequest = Schema.Struct({
  userPublicKey: Schema.String,
  quoteResponse: QuoteResponse,
  wrapAndUnwrapSol: Schema.optionalKey(Schema.Boolean)
})
export type SwapRequest = typeof SwapRequest.Type

export const SwapResponse = Schema.Struct({
  /** The versioned transaction, base64, signed by everyone but the user. */
  swapTransaction: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9+/]+={0,2}$/)),
  lastValidBlockHeight: Schema.Finite,
  prioritizationFeeLamports: Schema.optionalKey(Schema.Finite)
})
export type SwapResponse = typeof SwapResponse.Type

export const Refusal = Schema.Struct({ error: Schema.String, errorCode: Schema.optionalKey(Schema.String) })

/** Jupiter names SOL by the wrapped-SOL mint (and unwraps it for the user). */
export const solMint = solanaNativeMint
