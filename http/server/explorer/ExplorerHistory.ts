/**
 * EVM history (`GET /v1/account/{address}/history` with an eip155 address) through each chain's
 * explorer: pages of 20 transactions, newest first (HistoryPages.ts), each as the address sees it
 * (TransactionView.ts). NFT images are read once per token from its tokenURI and kept (bounded). An
 * explorer that fails — rate limited, malformed, too slow, unreachable — answers UpstreamUnavailable
 * naming why, never a page with holes.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as TtlCache from "../../../core/TtlCache.ts"
import { History } from "../../../core/Transaction.ts"
import { UpstreamUnavailable } from "../../api/ApiError.ts"
import type { PriceSource } from "../Balances.ts"
import * as NftImage from "../NftImage.ts"
import type { ExplorerChains } from "./ExplorerChains.ts"
import type { ExplorerError } from "./ExplorerClient.ts"
import * as HistoryPages from "./HistoryPages.ts"
import * as TransactionView from "./TransactionView.ts"

export interface EvmHistory {
  /** CAIP-2 ids of the chains with an explorer, in configuration order. */
  readonly chains: ReadonlyArray<string>
  /** One page of `address` on `chainId` (one of `chains`) from `cursor` (a page's `next`, checked by the caller). */
  readonly page: (address: string, chainId: string, cursor: HistoryPages.Cursor | undefined, imageBase: string) => Effect.Effect<History, UpstreamUnavailable>
}

/** NFT images kept per chain (token ids come from outside). */
const imageCapacity = 10_000
const imageTtlMillis = 24 * 60 * 60 * 1000

const reasons: Readonly<Record<ExplorerError["reason"], string>> = {
  "rate-limited": "is rate limiting this server",
  timeout: "did not answer in time",
  unreachable: "could not be reached",
  refused: "refused the request",
  malformed: "answered something that is not its API"
}

export const upstreamOf = (error: ExplorerError): UpstreamUnavailable =>
  new UpstreamUnavailable({ message: `The explorer of ${error.chainId} ${reasons[error.reason]}` })

export const make = (chains: ExplorerChains, prices: PriceSource, pageSize: number): Effect.Effect<EvmHistory> =>
  Effect.gen(function*() {
    const readers = new Map<string, (address: string, cursor: HistoryPages.Cursor | undefined, imageBase: string) => Effect.Effect<History, UpstreamUnavailable>>()
    for (const chain of chains.values()) {
      const explorer = chain.explorer
      if (explorer === undefined) continue
      const pages = HistoryPages.make(explorer, chain.actions, { ...HistoryPages.defaultPageOptions, pageSize })
      const images = yield* TtlCache.make<string | undefined>(imageTtlMillis, { capacity: imageCapacity })
      const nftImage = (contract: string, tokenId: bigint) => {
        const key = `${contract.toLowerCase()}:${tokenId}`
        return Effect.flatMap(images.get(key), (kept) =>
          Option.isSome(kept)
            ? Effect.succeed(kept.value)
            : Effect.tap(Effect.map(chain.tokens.tokenUri(contract, tokenId), (uri) => (uri === undefined ? undefined : NftImage.fromTokenUri(uri))), (image) => images.set(key, image)))
      }
      const collections = new Map((chain.options.collections ?? []).map((collection) => [collection.address.toLowerCase(), collection]))
      readers.set(chain.chainId, (address, cursor, imageBase) =>
        Effect.gen(function*() {
          const page = yield* Effect.mapError(pages.page(address, cursor), upstreamOf)
          const { view } = TransactionView.make({ chainId: chain.chainId, native: chain.native, prices, catalogue: chain.catalogue, collections, nftImage, imageBase })
          const owner = address.toLowerCase()
          const data = yield* Effect.forEach(page.transactions, (gathered) => view(owner, gathered))
          return new History({ data, next: page.next === null ? null : HistoryPages.encodeCursor(page.next) })
        }))
    }
    return {
      chains: [...readers.keys()],
      page: (address, chainId, cursor, imageBase) => {
        const read = readers.get(chainId)
        return read === undefined
          ? Effect.fail(new UpstreamUnavailable({ message: `No explorer is configured for ${chainId}` }))
          : read(address, cursor, imageBase)
      }
    }
  })
