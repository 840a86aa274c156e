/**
 * The Blockchain API's history pages: an EVM account's through each chain's explorer (kept encoded, the
 * newest page briefly), a Solana account's through its node, and an account's onramp purchases.
 */
import * as Effect from "effect/Effect"
import * as TtlCache from "../../core/TtlCache.ts"
import { History } from "../../core/Transaction.ts"
import { BadRequest } from "../api/ApiError.ts"
import { AccountHistory } from "./AccountHistory.ts"
import { namespaceOf } from "./AddressNamespace.ts"
import { balanceCacheCapacity } from "./BalanceAnswers.ts"
import * as EncodedAnswers from "./EncodedAnswers.ts"
import * as HistoryPages from "./explorer/HistoryPages.ts"
import type { Onramp } from "./onramp/Onramp.ts"
import { requestBase, ServerAddress } from "./ServerAddress.ts"
import * as StrictInput from "./StrictInput.ts"

/** Transactions per history page. EVM cursors are `<block>.<shown>` (explorer/HistoryPages.ts); Solana cursors are the page's last signature. */
export const historyPageSize = 20

/**
 * How long a history page is kept. The newest page changes with every block, so it is kept briefly (a
 * pending send shows up within a few seconds); an older page is bounded by blocks already mined.
 */
const latestHistoryTtlMillis = 3_000
const olderHistoryTtlMillis = 60_000

const solanaSignature = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/

const notCursor = () => new BadRequest({ message: "cursor: not a cursor this server gave" })

export interface HistoryQuery {
  readonly chainId?: string | undefined
  readonly cursor?: string | undefined
  readonly onramp?: string | undefined
}

/** `onramp` is the server's onramp, or the 501 its absence answers. */
export const make = <E>(onramp: Effect.Effect<Onramp, E>) => Effect.gen(function*() {
  const history = yield* AccountHistory
  const server = yield* ServerAddress
  const latest = yield* EncodedAnswers.make(History, latestHistoryTtlMillis, balanceCacheCapacity)
  const older = yield* EncodedAnswers.make(History, olderHistoryTtlMillis, balanceCacheCapacity)

  const purchases = (address: string, query: HistoryQuery & { readonly onramp: string }) =>
    Effect.gen(function*() {
      // The address's onramp purchases (http/server/onramp/Purchases.ts), not its transactions.
      const served = yield* onramp
      const offset = yield* StrictInput.integer("cursor", query.cursor, { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 })
      const imageBase = yield* requestBase(server)
      return yield* served.purchases.history({ address, chainId: query.chainId, onramp: query.onramp, offset, imageBase })
    })

  const solanaPage = (address: string, query: HistoryQuery) =>
    Effect.gen(function*() {
      const solana = history.solana
      if (solana === undefined || (query.chainId !== undefined && query.chainId !== solana.chainId)) {
        return yield* new BadRequest({ message: `chainId: network ${query.chainId ?? "solana"} is not supported` })
      }
      if (query.cursor !== undefined && !solanaSignature.test(query.cursor)) return yield* notCursor()
      return new History(yield* solana.page(address, query.cursor, historyPageSize))
    })

  const evmPage = (address: string, query: HistoryQuery) =>
    Effect.gen(function*() {
      const cursor = query.cursor === undefined ? undefined : HistoryPages.decodeCursor(query.cursor)
      if (query.cursor !== undefined && cursor === undefined) return yield* notCursor()
      const chainId = query.chainId ?? history.evm.chains[0]
      if (chainId === undefined || !history.evm.chains.includes(chainId)) {
        return yield* new BadRequest({ message: `chainId: network ${query.chainId ?? "eip155"} is not supported` })
      }
      if (query.chainId === undefined && history.evm.chains.length > 1) {
        return yield* new BadRequest({ message: "chainId: required for EVM history (each chain is paged on its own)" })
      }
      const base = yield* requestBase(server)
      const answers = cursor === undefined ? latest : older
      return yield* answers.answer(
        `${base}|${TtlCache.keyOf(address)}|${chainId}|${query.cursor ?? ""}`,
        history.evm.page(address, chainId, cursor, base)
      )
    })

  return {
    page: (address: string, query: HistoryQuery) =>
      Effect.gen(function*() {
        const namespace = yield* namespaceOf(address)
        if (query.onramp !== undefined) return yield* purchases(address, { ...query, onramp: query.onramp })
        return namespace === "solana" ? yield* solanaPage(address, query) : yield* evmPage(address, query)
      })
  }
})
