/**
 * The account module of the Etherscan-compatible explorer API, as Etherscan's v2 multichain API
 * (`/v2/api?chainid=…`) and Blockscout (`/api`) both serve it: `module=account` with the five list
 * actions, paged by `page` and `offset`, bounded by `startblock`/`endblock`, ordered by `sort`, answered
 * in the `{ status, message, result }` envelope. Every field is a string on the wire; the Schemas below
 * check each one, so a malformed record is refused instead of shown as a wrong number. The sandbox's
 * explorer (sandbox/explorer/) answers with the same Schemas.
 */
import * as Schema from "effect/Schema"

/** A whole number in decimal (block numbers, times, values in base units: up to 2^256). */
export const Decimal = Schema.String.check(Schema.isPattern(/^\d{1,78}$/))
export const Address = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))
/** An address, or "" where there is none (the `to` of a contract creation). */
export const OptionalAddress = Schema.String.check(Schema.isPattern(/^(0x[0-9a-fA-F]{40})?$/))
export const Hash = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{64}$/))
const Flag = Schema.Literals(["0", "1"])
/** A token's decimals as the explorer read them; "" when the contract does not say. */
const Decimals = Schema.String.check(Schema.isPattern(/^\d{0,2}$/))

/** `txlist`: transactions the address sent or received. */
export const NormalTransaction = Schema.Struct({
  blockNumber: Decimal,
  timeStamp: Decimal,
  hash: Hash,
  nonce: Decimal,
  transactionIndex: Decimal,
  from: Address,
  to: OptionalAddress,
  value: Decimal,
  /** "1" when the transaction reverted. */
  isError: Flag,
  /** "0" failed, "1" succeeded, "" before Byzantium. */
  txreceipt_status: Schema.Literals(["", "0", "1"]),
  input: Schema.String.check(Schema.isPattern(/^0x([0-9a-fA-F]{2})*$/)),
  /** The created contract; "" for a call. */
  contractAddress: OptionalAddress
})
export type NormalTransaction = typeof NormalTransaction.Type

/** `txlistinternal`: value moved by contract calls inside transactions (a swap paying out Ether). */
export const InternalTransaction = Schema.Struct({
  blockNumber: Decimal,
  timeStamp: Decimal,
  hash: Hash,
  from: Address,
  to: OptionalAddress,
  value: Decimal,
  contractAddress: OptionalAddress,
  isError: Flag
})
export type InternalTransaction = typeof InternalTransaction.Type

const transferFields = {
  blockNumber: Decimal,
  timeStamp: Decimal,
  hash: Hash,
  from: Address,
  to: Address,
  contractAddress: Address,
  tokenName: Schema.String,
  tokenSymbol: Schema.String,
  transactionIndex: Schema.optionalKey(Decimal),
  logIndex: Schema.optionalKey(Decimal)
}

/** `tokentx`: ERC-20 Transfer events; `value` in the token's base units. */
export const TokenTransfer = Schema.Struct({ ...transferFields, value: Decimal, tokenDecimal: Decimals })
export type TokenTransfer = typeof TokenTransfer.Type

/** `tokennfttx`: ERC-721 Transfer events. */
export const NftTransfer = Schema.Struct({ ...transferFields, tokenID: Decimal })
export type NftTransfer = typeof NftTransfer.Type

/** `token1155tx`: ERC-1155 TransferSingle and TransferBatch events, one record per token id. */
export const MultiTokenTransfer = Schema.Struct({ ...transferFields, tokenID: Decimal, tokenValue: Decimal })
export type MultiTokenTransfer = typeof MultiTokenTransfer.Type

/** Each list action and the Schema of its records. */
export const records = {
  txlist: NormalTransaction,
  txlistinternal: InternalTransaction,
  tokentx: TokenTransfer,
  tokennfttx: NftTransfer,
  token1155tx: MultiTokenTransfer
} as const

export type Action = keyof typeof records
export const actions: ReadonlyArray<Action> = ["txlist", "txlistinternal", "tokentx", "tokennfttx", "token1155tx"]

export interface RecordOf {
  readonly txlist: NormalTransaction
  readonly txlistinternal: InternalTransaction
  readonly tokentx: TokenTransfer
  readonly tokennfttx: NftTransfer
  readonly token1155tx: MultiTokenTransfer
}

/**
 * The envelope: `status` "1" with the records, or "0" with either an empty list (`message` "No
 * transactions found") or the reason as text in `result` ("Max rate limit reached", "Invalid API Key").
 */
export const Envelope = Schema.Struct({
  status: Flag,
  message: Schema.String,
  result: Schema.Unknown
})
export type Envelope = typeof Envelope.Type

/** What one list call asks: the newest (or oldest) `offset` records of page `page` between two blocks. */
export interface AccountQuery {
  readonly action: Action
  readonly address: string
  readonly startblock: number
  /** Inclusive; undefined for the latest block. */
  readonly endblock: number | undefined
  readonly page: number
  readonly offset: number
  readonly sort: "asc" | "desc"
}

/** Etherscan answers at most this many records over all pages of one query (page × offset). */
export const resultWindow = 10_000
