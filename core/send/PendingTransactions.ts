/**
 * Sent transactions not mined yet, shown in Activity until they are (spec §9: at most 99). Newest
 * first; past the limit the oldest is dropped.
 */
import * as Schema from "effect/Schema"
import * as Constants from "../Constants.ts"

export const PendingTransaction = Schema.Struct({
  /** Transaction hash (eip155) or signature (solana). */
  id: Schema.String,
  /** CAIP-2 network id. */
  chain: Schema.String,
  from: Schema.String,
  to: Schema.String,
  /** Decimal string in token units, as sent. */
  amount: Schema.String,
  symbol: Schema.String,
  /** Epoch ms it was sent, from Clock. */
  sentAt: Schema.Number
})
export type PendingTransaction = typeof PendingTransaction.Type

/** Adds a sent transaction in front; a repeated id replaces the old entry. */
export const add = (
  pending: ReadonlyArray<PendingTransaction>,
  transaction: PendingTransaction,
  limit: number = Constants.pendingTransactionsLimit
): ReadonlyArray<PendingTransaction> =>
  [transaction, ...pending.filter((entry) => entry.id !== transaction.id)].slice(0, limit)

/** Hex hashes compare case-insensitively; base58 signatures are case-sensitive. */
const normalized = (id: string): string => (id.startsWith("0x") ? id.toLowerCase() : id)

/** Drops the entries whose id the history now lists as mined. */
export const settle = (
  pending: ReadonlyArray<PendingTransaction>,
  minedIds: ReadonlyArray<string>
): ReadonlyArray<PendingTransaction> => {
  const mined = new Set(minedIds.map(normalized))
  return pending.filter((entry) => !mined.has(normalized(entry.id)))
}
