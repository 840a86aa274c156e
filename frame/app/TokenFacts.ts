/**
 * A token's symbol and decimals, read on chain with `eth_call` (ERC-20's `symbol()` and `decimals()`;
 * a collection answers `symbol()` only), so the approve panel says "250 USDC" rather than "250000000".
 * What the token answers is the token's own word: shown as text, cut short, never trusted for anything
 * but display. A token that does not answer is shown by its address.
 */
import * as Effect from "effect/Effect"
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, type Address, type Hex } from "viem"
import type { ChainClient } from "./ChainClient.ts"

export interface TokenFacts {
  readonly address: Address
  readonly symbol: string | undefined
  /** Undefined for a token without decimals (a collection), or one that would not say. */
  readonly decimals: number | undefined
}

const call = (chain: ChainClient["Service"], chainId: string, token: Address, data: Hex) =>
  Effect.map(chain.call(chainId, "eth_call", [{ to: token, data }, "latest"]), (answer) => answer as Hex)

const symbolOf = (chain: ChainClient["Service"], chainId: string, token: Address) =>
  call(chain, chainId, token, encodeFunctionData({ abi: erc20Abi, functionName: "symbol" })).pipe(
    Effect.flatMap((data) => Effect.try(() => decodeFunctionResult({ abi: erc20Abi, functionName: "symbol", data }))),
    Effect.option
  )

const decimalsOf = (chain: ChainClient["Service"], chainId: string, token: Address) =>
  call(chain, chainId, token, encodeFunctionData({ abi: erc20Abi, functionName: "decimals" })).pipe(
    Effect.flatMap((data) => Effect.try(() => decodeFunctionResult({ abi: erc20Abi, functionName: "decimals", data }))),
    Effect.option
  )

/** Printable letters and digits only, at most 16: a symbol is the token's word, not markup or a sentence. */
const cleanSymbol = (symbol: string): string | undefined => {
  const clean = symbol.replace(/[^\p{L}\p{N}.\-_$]/gu, "").slice(0, 16)
  return clean === "" ? undefined : clean
}

export const facts = (chain: ChainClient["Service"], chainId: string, token: Address): Effect.Effect<TokenFacts> =>
  Effect.map(Effect.all([symbolOf(chain, chainId, token), decimalsOf(chain, chainId, token)], { concurrency: 2 }), ([symbol, decimals]) => ({
    address: token,
    symbol: symbol._tag === "Some" ? cleanSymbol(symbol.value) : undefined,
    decimals: decimals._tag === "Some" && decimals.value <= 77 ? decimals.value : undefined
  }))

/** The token as the panel names it: its symbol and its address. */
export const label = (token: TokenFacts): string => (token.symbol === undefined ? token.address : `${token.symbol} (${token.address})`)

/** `amount` base units in the token's units (base units when it gave no decimals). */
export const amountIn = (token: TokenFacts, amount: bigint): string =>
  token.decimals === undefined ? `${amount.toString()} ${token.symbol ?? ""}`.trim() : `${formatUnits(amount, token.decimals)} ${token.symbol ?? ""}`.trim()
