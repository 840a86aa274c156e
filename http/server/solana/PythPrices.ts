/**
 * USD prices of a Solana cluster's assets from Pyth's push-oracle price feed accounts (`PriceUpdateV2`,
 * PythPriceUpdate.ts), read through the host's own RPC (`getMultipleAccounts`). An account counts only
 * when everything about it holds: owned by the Pyth Solana Receiver program, fully verified, carrying the
 * configured feed id, a positive price, published within the feed's maximum age of now (Effect's Clock)
 * and with a confidence interval within the allowed share of the price. Otherwise the asset has no price:
 * never an old or doubtful one. Accounts are kept 30 s (the spec's balance cache); freshness is judged
 * at each read, so a kept account that grows stale stops giving a price.
 */
import { address, createSolanaRpc, getBase64Encoder } from "@solana/kit"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as TtlCache from "../../../core/TtlCache.ts"
import { UpstreamUnavailable } from "../../api/ApiError.ts"
import type { PythFeed, PythOptions } from "../ServerOptions.ts"
import * as PythPriceUpdate from "./PythPriceUpdate.ts"

export const receiverProgram = "rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ"
export const defaultMaxAgeSeconds = 60
export const defaultMaxConfidenceRatio = 0.02
/** The spec's balance cache. */
const cacheMillis = 30_000

/** A feed account as the RPC gives it. */
export interface FeedAccount {
  readonly owner: string
  readonly data: Uint8Array
}

export type Reading =
  | { readonly _tag: "Price"; readonly usd: number }
  | { readonly _tag: "NoPrice"; readonly reason: "missing" | "owner" | "format" | "unverified" | "feed" | "price" | "stale" | "confidence" }

const noPrice = (reason: Extract<Reading, { _tag: "NoPrice" }>["reason"]): Reading => ({ _tag: "NoPrice", reason })

/** What a feed account says, judged at `nowSeconds` by the feed's rules. */
export const read = (feed: PythFeed, account: FeedAccount | undefined, program: string, nowSeconds: number): Reading => {
  if (account === undefined) return noPrice("missing")
  if (account.owner !== program) return noPrice("owner")
  const update = PythPriceUpdate.decode(account.data)
  if (update === undefined) return noPrice("format")
  if (update.verification.level !== "Full") return noPrice("unverified")
  if (update.feedId !== feed.feedId.replace(/^0x/, "").toLowerCase()) return noPrice("feed")
  if (update.price <= 0n) return noPrice("price")
  const age = BigInt(nowSeconds) - update.publishTime
  const maxAge = BigInt(feed.maxAgeSeconds ?? defaultMaxAgeSeconds)
  // A time ahead of ours by more than the allowed age is as untrustworthy as one behind.
  if (age > maxAge || -age > maxAge) return noPrice("stale")
  if (Number(update.conf) > Number(update.price) * (feed.maxConfidenceRatio ?? defaultMaxConfidenceRatio)) return noPrice("confidence")
  return { _tag: "Price", usd: Number(update.price) * 10 ** update.exponent }
}

export interface PythPrices {
  /** CAIP-2 of the cluster. */
  readonly chainId: string
  /** Whether `assetId` (`<caip2>:native` or `<caip2>:<mint>`) is priced by a feed (and by nothing else). */
  readonly covers: (assetId: string) => boolean
  /** The USD price of each covered asset of `assetIds` that has one now. */
  readonly prices: (assetIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>, UpstreamUnavailable>
}

const assetIdOf = (chainId: string, feed: PythFeed) => `${chainId}:${feed.asset}`.toLowerCase()

export const make = (rpcUrl: string, chainId: string, options: PythOptions): Effect.Effect<PythPrices> =>
  Effect.gen(function*() {
    const rpc = createSolanaRpc(rpcUrl)
    const base64 = getBase64Encoder()
    const program = options.receiverProgram ?? receiverProgram
    const feeds = new Map(options.feeds.map((feed) => [assetIdOf(chainId, feed), feed]))
    const cache = yield* TtlCache.make<ReadonlyMap<string, FeedAccount>>(cacheMillis, { capacity: 1 })

    const fetchAccounts = (wanted: ReadonlyArray<PythFeed>) =>
      Effect.tryPromise({
        try: () => rpc.getMultipleAccounts(wanted.map((feed) => address(feed.account)), { encoding: "base64" }).send(),
        catch: () => new UpstreamUnavailable({ message: `Could not read the Pyth price feeds on ${chainId}` })
      }).pipe(Effect.map(({ value }): ReadonlyMap<string, FeedAccount> =>
        new Map(wanted.flatMap((feed, index) => {
          const account = value[index]
          if (account === null || account === undefined) return []
          const entry: FeedAccount = { owner: account.owner, data: new Uint8Array(base64.encode(account.data[0])) }
          return [[feed.account, entry] as const]
        }))))

    return {
      chainId,
      covers: (assetId) => feeds.has(assetId.toLowerCase()),
      prices: (assetIds) =>
        Effect.gen(function*() {
          const wanted = assetIds.flatMap((assetId) => {
            const feed = feeds.get(assetId.toLowerCase())
            return feed === undefined ? [] : [[assetId, feed] as const]
          })
          if (wanted.length === 0) return new Map()
          // Every feed in one call, kept together: a balance read asks for the same few each time.
          const accounts = yield* cache.getOrFetch("feeds", fetchAccounts([...feeds.values()]))
          const nowSeconds = Math.floor((yield* Clock.currentTimeMillis) / 1000)
          return new Map(wanted.flatMap(([assetId, feed]) => {
            const reading = read(feed, accounts.get(feed.account), program, nowSeconds)
            return reading._tag === "Price" ? [[assetId, reading.usd] as const] : []
          }))
        })
    }
  })
