/**
 * A token's price from Uniswap v3's oracle: the time-weighted average tick of its deepest pool against a
 * quote token (a USD stablecoin with a feed) over a window, as OracleLibrary.consult computes it, times
 * the quote token's USD price. A pool with less liquidity than the minimum, or younger than the window,
 * gives no price.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { zeroAddress, type Address, type PublicClient } from "viem"
import type { UpstreamUnavailable } from "../../api/ApiError.ts"
import { contractRead } from "../ChainCalls.ts"
import { uniswapV3FactoryAbi, uniswapV3PoolAbi } from "../convert/UniswapAbi.ts"

export interface TwapSource {
  readonly client: PublicClient
  readonly chainId: string
  readonly factory: Address
  readonly fees: ReadonlyArray<number>
  readonly quoteToken: Address
  readonly quoteDecimals: number
  readonly seconds: number
  readonly minLiquidity: bigint
}

/** The mean tick over the window, rounded toward negative infinity (OracleLibrary.consult). */
export const meanTick = (older: bigint, newer: bigint, seconds: number): number => {
  const delta = newer - older
  const window = BigInt(seconds)
  const quotient = delta / window
  return Number(delta < 0n && delta % window !== 0n ? quotient - 1n : quotient)
}

/** Units of the quote token one whole token is worth at `tick` (price = 1.0001^tick of token1 in token0's units). */
export const priceAtTick = (tick: number, tokenIsToken0: boolean, tokenDecimals: number, quoteDecimals: number): number => {
  const raw = Math.pow(1.0001, tokenIsToken0 ? tick : -tick)
  return raw * 10 ** (tokenDecimals - quoteDecimals)
}

/** The token's price in units of the quote token, undefined when no pool is deep and old enough. */
export const readTwap = (source: TwapSource, token: Address, tokenDecimals: number): Effect.Effect<number | undefined, UpstreamUnavailable> =>
  Effect.gen(function*() {
    const what = `Uniswap v3 pools on ${source.chainId}`
    const pools = yield* Effect.forEach(source.fees, (fee) =>
      contractRead(what, () => source.client.readContract({ address: source.factory, abi: uniswapV3FactoryAbi, functionName: "getPool", args: [token, source.quoteToken, fee] })),
      { concurrency: "unbounded" })
    const existing = pools.flatMap((pool) => (Option.isSome(pool) && pool.value !== zeroAddress ? [pool.value] : []))
    const depths = yield* Effect.forEach(existing, (pool) =>
      Effect.map(
        contractRead(what, () => source.client.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "liquidity" })),
        (liquidity) => ({ pool, liquidity: Option.getOrElse(liquidity, () => 0n) })
      ),
      { concurrency: "unbounded" })
    const deepest = depths.reduce<{ pool: Address; liquidity: bigint } | undefined>((best, next) => (best === undefined || next.liquidity > best.liquidity ? next : best), undefined)
    if (deepest === undefined || deepest.liquidity < source.minLiquidity) return undefined
    // observe reverts ("OLD") for a pool younger than the window: no price.
    const observed = yield* contractRead(what, () =>
      source.client.readContract({ address: deepest.pool, abi: uniswapV3PoolAbi, functionName: "observe", args: [[source.seconds, 0]] }))
    if (Option.isNone(observed)) return undefined
    const [older, newer] = observed.value[0]
    if (older === undefined || newer === undefined) return undefined
    const tokenIsToken0 = BigInt(token) < BigInt(source.quoteToken)
    return priceAtTick(meanTick(older, newer, source.seconds), tokenIsToken0, tokenDecimals, source.quoteDecimals)
  })
