/**
 * Activity: a transaction from the history API, the transaction list state, and the spec §5
 * rules for what the list shows (spec §3 "Transaction", "Transaction list state").
 */
import * as DateTime from "effect/DateTime"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { Quantity } from "./TokenBalance.ts"

/**
 * An NFT of a transfer. `contract` (CAIP-10), `tokenId` (decimal), `collection` and `imageUrl`
 * are optional: older history answers carry only the name ("<collection> #<tokenId>").
 */
export const NftInfo = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  flags: Schema.Struct({ is_spam: Schema.Boolean }),
  contract: Schema.optionalKey(Schema.String),
  tokenId: Schema.optionalKey(Schema.String),
  collection: Schema.optionalKey(Schema.String),
  imageUrl: Schema.optionalKey(Schema.String),
  content: Schema.optionalKey(Schema.Struct({ preview: Schema.optionalKey(Schema.Struct({ url: Schema.String })) }))
})

/**
 * A fungible token of a transfer or an approval. `flags.verified` is false for a token on neither the
 * host's configuration nor its token list (its name and symbol are whatever its contract says).
 */
export const FungibleInfo = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  symbol: Schema.optionalKey(Schema.String),
  icon: Schema.optionalKey(Schema.Struct({ url: Schema.String })),
  flags: Schema.optionalKey(Schema.Struct({ verified: Schema.Boolean }))
})

export const TransferDirection = Schema.Literals(["in", "out", "self"])

export const Transfer = Schema.Struct({
  direction: Schema.optionalKey(TransferDirection),
  quantity: Schema.optionalKey(Quantity),
  fungible_info: Schema.optionalKey(FungibleInfo),
  nft_info: Schema.optionalKey(NftInfo),
  value: Schema.optionalKey(Schema.Number),
  price: Schema.optionalKey(Schema.Number)
})
export type Transfer = typeof Transfer.Type

/**
 * An ERC-20 approval the transaction made: the spender may move up to `quantity` of the token, or any
 * amount when `unlimited` (the maximum allowance). `quantity` is absent when unlimited or when the
 * token's decimals are unknown.
 */
export const Approval = Schema.Struct({
  fungible_info: Schema.optionalKey(FungibleInfo),
  quantity: Schema.optionalKey(Quantity),
  unlimited: Schema.Boolean,
  spender: Schema.String
})
export type Approval = typeof Approval.Type

export const TransactionMetadata = Schema.Struct({
  /** ISO-8601 time the transaction was mined. */
  minedAt: Schema.String,
  /** CAIP-2 network id. */
  chain: Schema.String,
  operationType: Schema.optionalKey(Schema.String),
  hash: Schema.optionalKey(Schema.String),
  sentFrom: Schema.optionalKey(Schema.String),
  sentTo: Schema.optionalKey(Schema.String),
  status: Schema.optionalKey(Schema.String),
  nonce: Schema.optionalKey(Schema.Finite)
})

export const Transaction = Schema.Struct({
  id: Schema.String,
  metadata: TransactionMetadata,
  transfers: Schema.Array(Transfer),
  approvals: Schema.optionalKey(Schema.Array(Approval))
})
export type Transaction = typeof Transaction.Type

/** A page of `GET /v1/account/{address}/history`: newest first; `next` is null on the last page. */
export class History extends Schema.Class<History>("History")({
  data: Schema.Array(Transaction),
  next: Schema.NullOr(Schema.String)
}) {}

export interface MonthGroup {
  /** 1 to 12. */
  readonly month: number
  readonly transactions: ReadonlyArray<Transaction>
}

export interface YearGroup {
  readonly year: number
  readonly months: ReadonlyArray<MonthGroup>
}

export const TransactionListState = Schema.Struct({
  transactions: Schema.Array(Transaction),
  loading: Schema.Boolean,
  empty: Schema.Boolean,
  /** Cursor of the next page; absent on the last page. */
  next: Schema.optionalKey(Schema.String)
})
export type TransactionListState = typeof TransactionListState.Type

export const initial: TransactionListState = { transactions: [], loading: false, empty: false }

/** A spam NFT, or an unverified token the address received (an airdrop it never asked for). */
const isSpamTransfer = (transfer: Transfer): boolean =>
  transfer.nft_info?.flags.is_spam === true || (transfer.fungible_info?.flags?.verified === false && transfer.direction === "in")

/**
 * Spec §5: a transaction whose transfers are all spam NFTs is dropped; so is one whose transfers are all
 * unverified tokens received. A transaction with no transfers at all (a contract call, an approval) is
 * kept: there is no spam in it to hide.
 */
export const isSpam = (transaction: Transaction): boolean =>
  transaction.transfers.length > 0 && transaction.transfers.every(isSpamTransfer)

/** Spec §5: drop all-spam transactions and keep only those on the connected chain. */
export const visible = (
  transactions: ReadonlyArray<Transaction>,
  chain: string
): ReadonlyArray<Transaction> =>
  transactions.filter((transaction) => transaction.metadata.chain === chain && !isSpam(transaction))

/** UTC year and month (1-12) of `minedAt`, or none if it is not a date. */
const minedMonth = (transaction: Transaction): Option.Option<readonly [number, number]> =>
  Option.map(DateTime.make(transaction.metadata.minedAt), (time) => {
    const parts = DateTime.toPartsUtc(time)
    return [parts.year, parts.month] as const
  })

/**
 * Groups by year then month (UTC), keeping the input order inside a month and ordering groups
 * by first appearance (the API answers newest first). Transactions without a valid `minedAt`
 * cannot be placed and are left out.
 */
export const groupByYearAndMonth = (transactions: ReadonlyArray<Transaction>): ReadonlyArray<YearGroup> => {
  const years = new Map<number, Map<number, Array<Transaction>>>()
  for (const transaction of transactions) {
    const placed = minedMonth(transaction)
    if (Option.isNone(placed)) continue
    const [year, month] = placed.value
    const months = years.get(year) ?? new Map<number, Array<Transaction>>()
    years.set(year, months)
    const list = months.get(month) ?? []
    months.set(month, list)
    list.push(transaction)
  }
  return Array.from(years, ([year, months]) => ({
    year,
    months: Array.from(months, ([month, list]) => ({ month, transactions: list }))
  }))
}

/**
 * What a transaction was for the account: received, sent, a trade (one leg out, one in), sent to itself,
 * an ERC-20 approval (nothing moved, a spender may now spend), or a call that moved nothing, which has no
 * amount to show.
 */
export type Direction = "in" | "out" | "trade" | "self" | "approve" | "call"

export interface Summary {
  readonly direction: Direction
  /** Who the account dealt with: an approval's spender, the sender of what came in, else where it went; undefined when unknown. */
  readonly counterparty: string | undefined
  /** The transfers to show: both legs of a trade (what left first), else the first that is not spam. */
  readonly legs: ReadonlyArray<Transfer>
  /** The allowance an approval granted (its token and amount, or unlimited). */
  readonly approval: Approval | undefined
}

/** The Activity row of a transaction (spam NFT transfers left out). */
export const summary = (transaction: Transaction): Summary => {
  const shown = transaction.transfers.filter((transfer) => !isSpamTransfer(transfer))
  const out = shown.find((transfer) => transfer.direction === "out")
  const incoming = shown.find((transfer) => transfer.direction === "in")
  const first = shown[0]
  const approval = first === undefined ? transaction.approvals?.[0] : undefined
  const { sentFrom, sentTo } = transaction.metadata
  const direction: Direction = transaction.metadata.operationType === "trade" && out !== undefined && incoming !== undefined
    ? "trade"
    : approval !== undefined
    ? "approve"
    : first === undefined
    ? (sentFrom !== undefined && sentFrom === sentTo ? "self" : "call")
    : first.direction ?? "out"
  const counterparty = approval?.spender ?? (direction === "in" ? sentFrom : sentTo)
  return {
    direction,
    counterparty: counterparty === undefined || counterparty === "" ? undefined : counterparty,
    legs: direction === "trade" && out !== undefined && incoming !== undefined ? [out, incoming] : first === undefined ? [] : [first],
    approval
  }
}
