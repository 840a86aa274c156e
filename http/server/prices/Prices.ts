/**
 * USD prices from on-chain oracles through the host's own RPC (a server capability of its own): per EVM
 * asset its Chainlink feed (fresh within the feed's heartbeat), else — for a token without one — the TWAP of
 * its deepest Uniswap v3 pool against the chain's `twap.quoteToken`; a Solana asset from its Pyth feed
 * (solana/PythPrices.ts), which alone prices what it covers; `prices` in the options fixes an asset's
 * price instead (assets no oracle covers). Answers, "no price" included, are kept for the balance
 * TTL (spec §9: 30 s) on the server's clock; an RPC failure is not kept and fails the lookup
 * (UpstreamUnavailable, 502, which clients retry). A price is never invented: no source, no price.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createPublicClient, getAddress, http, isAddress, type PublicClient } from "viem"
import * as Constants from "../../../core/Constants.ts"
import * as TtlCache from "../../../core/TtlCache.ts"
import type { UpstreamUnavailable } from "../../api/ApiError.ts"
import type { PriceSource } from "../Balances.ts"
import type { EvmChainOptions } from "../ServerOptions.ts"
import { readFeed, type Feed } from "./ChainlinkFeed.ts"
import { readTwap, type TwapSource } from "./PoolTwap.ts"
import type { PythPrices } from "../solana/PythPrices.ts"

type Source =
  | { readonly _tag: "Fixed"; readonly price: number }
  | { readonly _tag: "Feed"; readonly feed: Feed }
  | { readonly _tag: "Twap"; readonly twap: TwapSource; readonly token: `0x${string}`; readonly decimals: number; readonly quote: Source }

export class Prices extends Context.Service<Prices, {
  /** The USD price of each asset (CAIP-10 id or `<caip2>:native`) that has one now; keys as asked. */
  readonly usd: (assetIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>, UpstreamUnavailable>
  /**
   * The latest verdict for an asset, for answers built without effects (history rows, purchases): the
   * price last read, until a read finds none. Undefined before the first read.
   */
  readonly known: PriceSource
}>()("portico/http/server/prices/Prices") {}

/** Assets a server can price, by lower-cased asset id. */
const sourcesOf = (evm: ReadonlyArray<EvmChainOptions>, fixed: Readonly<Record<string, number>>): ReadonlyMap<string, Source> => {
  const sources = new Map<string, Source>()
  for (const chain of evm) {
    const chainId = `eip155:${chain.chainId}`
    const client: PublicClient = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1, timeout: 10_000 }) })
    const assetId = (asset: string) => `${chainId}:${asset === "native" ? "native" : asset}`.toLowerCase()
    for (const feed of chain.priceFeeds ?? []) {
      sources.set(assetId(feed.asset), { _tag: "Feed", feed: { client, chainId, address: getAddress(feed.address), heartbeatSeconds: feed.heartbeatSeconds } })
    }
    const venue = chain.swapVenues?.uniswapV3?.[0]
    const twap = chain.twap
    const quote = twap === undefined ? undefined : sources.get(assetId(twap.quoteToken))
    const quoteToken = twap === undefined ? undefined : chain.tokens?.find((token) => token.address.toLowerCase() === twap.quoteToken.toLowerCase())
    if (venue === undefined || twap === undefined || quote === undefined || quoteToken === undefined) continue
    const source: TwapSource = {
      client,
      chainId,
      factory: getAddress(venue.factory),
      fees: venue.fees,
      quoteToken: getAddress(twap.quoteToken),
      quoteDecimals: quoteToken.decimals,
      seconds: twap.seconds,
      minLiquidity: BigInt(twap.minLiquidity)
    }
    for (const token of chain.tokens ?? []) {
      if (!isAddress(token.address) || sources.has(assetId(token.address))) continue
      sources.set(assetId(token.address), { _tag: "Twap", twap: source, token: getAddress(token.address), decimals: token.decimals, quote })
    }
  }
  for (const [asset, price] of Object.entries(fixed)) sources.set(asset.toLowerCase(), { _tag: "Fixed", price })
  return sources
}

const read = (source: Source, nowSeconds: number): Effect.Effect<number | undefined, UpstreamUnavailable> => {
  switch (source._tag) {
    case "Fixed":
      return Effect.succeed(source.price)
    case "Feed":
      return readFeed(source.feed, nowSeconds)
    case "Twap":
      return Effect.gen(function*() {
        const inQuote = yield* readTwap(source.twap, source.token, source.decimals)
        const quoteUsd = inQuote === undefined ? undefined : yield* read(source.quote, nowSeconds)
        return inQuote === undefined || quoteUsd === undefined ? undefined : inQuote * quoteUsd
      })
  }
}

/** Distinct assets priced at once per lookup. */
const concurrency = 8

export const make = (
  evm: ReadonlyArray<EvmChainOptions>,
  fixed: Readonly<Record<string, number>>,
  clock: Clock.Clock,
  /** Oracles of other chains (Pyth on Solana): each prices the assets it covers, and nothing else does. */
  oracles: ReadonlyArray<PythPrices> = []
): Effect.Effect<Prices["Service"]> =>
  Effect.gen(function*() {
    const sources = sourcesOf(evm, fixed)
    const verdicts = new Map<string, number>()
    // "No price" is kept as null, so a stale feed is not asked again on every request.
    const cache = yield* TtlCache.make<number | null>(Constants.balanceCacheTtlMillis, { capacity: Math.max(1, sources.size) })
    const priceOf = (key: string, source: Source) =>
      cache.getOrFetch(key, Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.map(read(source, Math.floor(now / 1000)), (price) => price ?? null))).pipe(
        Effect.tap((price) => Effect.sync(() => (price === null ? verdicts.delete(key) : verdicts.set(key, price))))
      )
    return Prices.of({
      usd: (assetIds) =>
        Effect.gen(function*() {
          const covered = oracles.map((oracle) => ({ oracle, assets: assetIds.filter(oracle.covers) }))
          const elsewhere = assetIds.filter((assetId) => !oracles.some((oracle) => oracle.covers(assetId)))
          const fromOracles = yield* Effect.forEach(covered, ({ oracle, assets }) =>
            assets.length === 0 ? Effect.succeed([]) : Effect.map(oracle.prices(assets), (quoted) =>
              assets.map((assetId) => {
                const price = quoted.get(assetId)
                if (price === undefined) verdicts.delete(assetId.toLowerCase())
                else verdicts.set(assetId.toLowerCase(), price)
                return [assetId, price] as const
              })))
          const fromSources = yield* Effect.forEach(elsewhere, (assetId) => {
            const key = assetId.toLowerCase()
            const source = sources.get(key)
            return source === undefined ? Effect.succeed([assetId, undefined] as const) : Effect.map(priceOf(key, source), (price) => [assetId, price ?? undefined] as const)
          }, { concurrency })
          return new Map([...fromOracles.flat(), ...fromSources].flatMap(([assetId, price]) => price === undefined ? [] : [[assetId, price] as const]))
        }).pipe(Effect.provideService(Clock.Clock, clock)),
      known: (assetId) => {
        const key = assetId.toLowerCase()
        const source = sources.get(key)
        return source?._tag === "Fixed" ? source.price : verdicts.get(key)
      }
    })
  })

export const layer = (evm: ReadonlyArray<EvmChainOptions>, fixed: Readonly<Record<string, number>>, clock: Clock.Clock): Layer.Layer<Prices> =>
  Layer.effect(Prices, make(evm, fixed, clock))
