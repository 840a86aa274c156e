/**
 * A chain's swap venues (its `swapVenues`): Uniswap v2-compatible routers and Uniswap v3 (QuoterV2 over
 * each fee tier, SwapRouter02), and the best quote among them for an exact input. Ether trades as the
 * wrapped native token. A venue whose contract refuses (no pair, no pool, a router that reverts) simply
 * offers nothing; an RPC that fails fails the quote (UpstreamUnavailable).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { getAddress, zeroAddress, type Address, type PublicClient } from "viem"
import * as Quote from "../../../core/swap/Quote.ts"
import type { UpstreamUnavailable } from "../../api/ApiError.ts"
import { contractRead } from "../ChainCalls.ts"
import type { EvmChainOptions } from "../ServerOptions.ts"
import { quoterV2Abi, uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi, uniswapV3FactoryAbi, uniswapV3PoolAbi } from "./UniswapAbi.ts"

export interface V2Venue {
  readonly _tag: "V2"
  readonly name: string
  readonly factory: Address
  readonly router: Address
}

export interface V3Venue {
  readonly _tag: "V3"
  readonly name: string
  readonly factory: Address
  readonly quoter: Address
  readonly router: Address
  readonly fees: ReadonlyArray<number>
}

export interface ChainVenues {
  readonly chainId: string
  readonly client: PublicClient
  readonly wrappedNative: Address
  readonly venues: ReadonlyArray<V2Venue | V3Venue>
}

/** The best way found to swap: the venue, the v3 fee tier, what it returns, its fee and impact (ppm). */
export interface BestQuote {
  readonly venue: V2Venue | V3Venue
  readonly fee: number | undefined
  readonly amountOut: bigint
  readonly feePpm: bigint
  readonly impactPpm: bigint
}

export const chainVenues = (chain: EvmChainOptions, client: PublicClient): ChainVenues | undefined => {
  const options = chain.swapVenues
  if (options === undefined) return undefined
  const venues: Array<V2Venue | V3Venue> = [
    ...(options.uniswapV2 ?? []).map((venue): V2Venue => ({ _tag: "V2", name: venue.name, factory: getAddress(venue.factory), router: getAddress(venue.router) })),
    ...(options.uniswapV3 ?? []).map((venue): V3Venue => ({
      _tag: "V3",
      name: venue.name,
      factory: getAddress(venue.factory),
      quoter: getAddress(venue.quoter),
      router: getAddress(venue.router),
      fees: venue.fees
    }))
  ]
  return venues.length === 0 ? undefined : { chainId: `eip155:${chain.chainId}`, client, wrappedNative: getAddress(options.wrappedNative), venues }
}

interface Offer {
  readonly venue: V2Venue | V3Venue
  readonly fee: number | undefined
  readonly amountOut: bigint
}

const offersOf = (chain: ChainVenues, tokenIn: Address, tokenOut: Address, amountIn: bigint): Effect.Effect<ReadonlyArray<Offer>, UpstreamUnavailable> => {
  const what = `the swap venues on ${chain.chainId}`
  const attempts = chain.venues.flatMap((venue): ReadonlyArray<Effect.Effect<Option.Option<Offer>, UpstreamUnavailable>> =>
    venue._tag === "V2"
      ? [Effect.map(
        contractRead(what, () => chain.client.readContract({ address: venue.router, abi: uniswapV2RouterAbi, functionName: "getAmountsOut", args: [amountIn, [tokenIn, tokenOut]] })),
        Option.flatMap((amounts) => Option.map(Option.fromNullishOr(amounts[1]), (amountOut) => ({ venue, fee: undefined, amountOut })))
      )]
      : venue.fees.map((fee) =>
        Effect.map(
          contractRead(what, () =>
            chain.client.simulateContract({
              address: venue.quoter,
              abi: quoterV2Abi,
              functionName: "quoteExactInputSingle",
              args: [{ tokenIn, tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }]
            })),
          Option.map(({ result: [amountOut] }) => ({ venue, fee, amountOut }))
        ))
  )
  return Effect.map(Effect.all(attempts, { concurrency: "unbounded" }), (offers) => offers.flatMap(Option.toArray).filter((offer) => offer.amountOut > 0n))
}

/** How far the offer is from the pool's price before it (fee included); unknown pools give 0. */
const impactOf = (chain: ChainVenues, offer: Offer, tokenIn: Address, tokenOut: Address, amountIn: bigint): Effect.Effect<bigint, UpstreamUnavailable> =>
  Effect.gen(function*() {
    const what = `the swap venues on ${chain.chainId}`
    const read = chain.client.readContract
    if (offer.venue._tag === "V2") {
      const factory = offer.venue.factory
      const pair = yield* contractRead(what, () => read({ address: factory, abi: uniswapV2FactoryAbi, functionName: "getPair", args: [tokenIn, tokenOut] }))
      if (Option.isNone(pair) || pair.value === zeroAddress) return 0n
      const reserves = yield* contractRead(what, () => read({ address: pair.value, abi: uniswapV2PairAbi, functionName: "getReserves" }))
      if (Option.isNone(reserves)) return 0n
      const [reserve0, reserve1] = reserves.value
      const [reserveIn, reserveOut] = BigInt(tokenIn) < BigInt(tokenOut) ? [reserve0, reserve1] : [reserve1, reserve0]
      return Quote.priceImpactPpm(amountIn, offer.amountOut, reserveIn, reserveOut)
    }
    const factory = offer.venue.factory
    const fee = offer.fee ?? 0
    const pool = yield* contractRead(what, () => read({ address: factory, abi: uniswapV3FactoryAbi, functionName: "getPool", args: [tokenIn, tokenOut, fee] }))
    if (Option.isNone(pool) || pool.value === zeroAddress) return 0n
    const slot0 = yield* contractRead(what, () => read({ address: pool.value, abi: uniswapV3PoolAbi, functionName: "slot0" }))
    return Option.isNone(slot0) ? 0n : Quote.poolPriceImpactPpm(amountIn, offer.amountOut, slot0.value[0], BigInt(tokenIn) < BigInt(tokenOut))
  })

/** The offer that returns the most; none when no venue has a pool for the pair. */
export const bestQuote = (chain: ChainVenues, tokenIn: Address, tokenOut: Address, amountIn: bigint): Effect.Effect<Option.Option<BestQuote>, UpstreamUnavailable> =>
  Effect.gen(function*() {
    const offers = yield* offersOf(chain, tokenIn, tokenOut, amountIn)
    const best = offers.reduce<Offer | undefined>((top, offer) => (top === undefined || offer.amountOut > top.amountOut ? offer : top), undefined)
    if (best === undefined) return Option.none()
    const impactPpm = yield* impactOf(chain, best, tokenIn, tokenOut, amountIn)
    // v2's fee is 0.3 %; a v3 tier is in hundredths of a basis point, i.e. parts per million.
    const feePpm = best.venue._tag === "V2" ? 3_000n : BigInt(best.fee ?? 0)
    return Option.some({ venue: best.venue, fee: best.fee, amountOut: best.amountOut, feePpm, impactPpm })
  })
