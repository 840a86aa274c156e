/**
 * The Blockchain API's balance answers: the supported chains, an account's balances (core's 30 s
 * cache, the whole answer kept encoded as long) and fungible prices (prices/Prices.ts).
 */
import * as Effect from "effect/Effect"
import * as Constants from "../../core/Constants.ts"
import * as TtlCache from "../../core/TtlCache.ts"
import { Balances, type TokenBalance } from "../../core/TokenBalance.ts"
import { BadRequest } from "../api/ApiError.ts"
import { FungiblePrices, SupportedChains } from "../api/BlockchainApi.ts"
import { namespaceOf } from "./AddressNamespace.ts"
import { tokenImageUrl } from "./Balances.ts"
import { Swaps } from "./convert/Swaps.ts"
import * as EncodedAnswers from "./EncodedAnswers.ts"
import { Holdings } from "./Holdings.ts"
import { Prices } from "./prices/Prices.ts"
import { requestBase, ServerAddress } from "./ServerAddress.ts"

/** Accounts whose balances are kept at once (addresses come from outside, so the caches are bounded). */
export const balanceCacheCapacity = 10_000

export const make = Effect.gen(function*() {
  const { balances, fungibles } = yield* Holdings
  const prices = yield* Prices
  const swaps = yield* Swaps
  const server = yield* ServerAddress
  // core's 30 s balance cache, keyed by image base, chain and address; failures are not cached. The
  // whole answer is kept encoded as long, so a repeated question costs no encoding either.
  const balanceCache = yield* TtlCache.makeBalance<ReadonlyArray<TokenBalance>>({ capacity: balanceCacheCapacity })
  const balanceAnswers = yield* EncodedAnswers.make(Balances, Constants.balanceCacheTtlMillis, balanceCacheCapacity)

  const chainsFor = (address: string, chainId: string | undefined) =>
    Effect.gen(function*() {
      const namespace = yield* namespaceOf(address)
      if (chainId === undefined) return balances.chains.filter((chain) => chain.startsWith(`${namespace}:`))
      if (!balances.chains.includes(chainId)) {
        return yield* new BadRequest({ message: `chainId: network ${chainId} is not supported` })
      }
      if (!chainId.startsWith(`${namespace}:`)) {
        return yield* new BadRequest({ message: `address: ${address} is not an address on ${chainId}` })
      }
      return [chainId]
    })

  return {
    supportedChains: Effect.sync(() => new SupportedChains({ http: balances.chains, ws: [], swap: swaps.chains })),
    balance: (address: string, query: { readonly chainId?: string | undefined; readonly forceUpdate?: string | undefined }) =>
      Effect.gen(function*() {
        const chains = yield* chainsFor(address, query.chainId)
        const base = yield* requestBase(server)
        const owner = TtlCache.keyOf(address)
        const refresh = query.forceUpdate === "true"
        const answer = (fresh: boolean) =>
          Effect.map(
            Effect.forEach(chains, (chain) => {
              const key = `${base}|${chain}|${owner}`
              const fetch = balances.read(chain, address, base)
              return fresh ? Effect.tap(fetch, (read) => balanceCache.set(key, read)) : balanceCache.getOrFetch(key, fetch)
            }, { concurrency: "unbounded" }),
            (read) => new Balances({ balances: read.flat() })
          )
        // Renewed from the chains, not from the per-chain cache that is as old as the answer.
        return yield* balanceAnswers.answer(`${base}|${chains.join(",")}|${owner}`, answer(refresh), { refresh, renew: answer(true) })
      }),
    fungiblePrice: (addresses: ReadonlyArray<string>) =>
      Effect.gen(function*() {
        const base = yield* requestBase(server)
        const known = addresses.filter((address) => fungibles.has(address.toLowerCase()))
        const usd = yield* prices.usd(known)
        const priced = known.flatMap((address) => {
          const info = fungibles.get(address.toLowerCase())
          const price = usd.get(address)
          return info === undefined || price === undefined
            ? []
            : [{ name: info.name, symbol: info.symbol, price, address, iconUrl: tokenImageUrl(base, info.symbol) }]
        })
        return new FungiblePrices({ fungibles: priced })
      })
  }
})
