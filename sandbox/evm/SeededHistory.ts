import * as Schema from "effect/Schema"
import { decodeEventLog, getAddress, toEventSelector, type Address, type Log } from "viem"
import { transferEventAbi } from "./Abi.ts"

const HexString = Schema.TemplateLiteral(["0x", Schema.String])

/** What the seeding did, by intent: lets a history view label rows without guessing. */
export const SeededKind = Schema.Literals([
  "deploy",
  "mint-token",
  "add-liquidity",
  "approve",
  "send-native",
  "send-token",
  "mint-nft",
  "send-nft",
  "airdrop-nft",
  "swap",
  "price-update",
  "wrap",
  "create-pool",
  "set-record"
])
export type SeededKind = typeof SeededKind.Type

/** One asset movement inside a transaction, read back from the chain (tx value and Transfer logs). */
export const SeededTransfer = Schema.Struct({
  standard: Schema.Literals(["native", "erc20", "erc721"]),
  /** The token or collection contract; null for the native coin. */
  token: Schema.NullOr(HexString),
  from: HexString,
  to: HexString,
  /** Base units as a decimal string (wei, token units); "1" for an NFT. */
  value: Schema.String,
  /** Decimal string for an NFT, null otherwise. */
  tokenId: Schema.NullOr(Schema.String)
})
export type SeededTransfer = typeof SeededTransfer.Type

/** A mined transaction of the seeded history, as the chain recorded it. */
export const SeededTransaction = Schema.Struct({
  chainId: Schema.Number,
  hash: HexString,
  blockNumber: Schema.Number,
  /** Unix seconds of the block. */
  timestamp: Schema.Number,
  kind: SeededKind,
  from: HexString,
  /** The called contract or the native recipient; null for a contract creation. */
  to: Schema.NullOr(HexString),
  transfers: Schema.Array(SeededTransfer)
})
export type SeededTransaction = typeof SeededTransaction.Type

const transferTopic = toEventSelector("Transfer(address,address,uint256)")

const sameAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/**
 * The transfers of a mined transaction (checksummed addresses): its native value, then every ERC20/ERC721 Transfer log in order.
 * An ERC721 Transfer indexes the token id (4 topics); an ERC20 one carries the value in data (3 topics).
 */
export const transfersOf = (
  transaction: { readonly from: Address; readonly to: Address | null; readonly value: bigint },
  logs: ReadonlyArray<Pick<Log, "address" | "topics" | "data">>
): ReadonlyArray<SeededTransfer> => {
  const native: ReadonlyArray<SeededTransfer> =
    transaction.value > 0n && transaction.to !== null
      ? [{ standard: "native", token: null, from: getAddress(transaction.from), to: getAddress(transaction.to), value: transaction.value.toString(), tokenId: null }]
      : []
  const tokens = logs.flatMap((log): ReadonlyArray<SeededTransfer> => {
    const [signature, ...indexed] = log.topics
    if (signature !== transferTopic || indexed.length < 2) return []
    const isNft = indexed.length === 3
    const decoded = decodeEventLog({
      abi: isNft ? transferEventAbi.erc721 : transferEventAbi.erc20,
      topics: [signature, ...indexed],
      data: log.data,
      strict: false
    })
    if (decoded.eventName !== "Transfer") return []
    const { from, to } = decoded.args
    if (from === undefined || to === undefined) return []
    if ("tokenId" in decoded.args && decoded.args.tokenId !== undefined) {
      return [{ standard: "erc721", token: getAddress(log.address), from: getAddress(from), to: getAddress(to), value: "1", tokenId: decoded.args.tokenId.toString() }]
    }
    if ("value" in decoded.args && decoded.args.value !== undefined) {
      return [{ standard: "erc20", token: getAddress(log.address), from: getAddress(from), to: getAddress(to), value: decoded.args.value.toString(), tokenId: null }]
    }
    return []
  })
  return [...native, ...tokens]
}

/**
 * The seeded transactions that concern an address (sender, callee, or either side of a transfer),
 * newest first: what GET /v1/account/{address}/history serves until an indexer exists.
 */
export const historyOf = (
  history: ReadonlyArray<SeededTransaction>,
  address: string
): ReadonlyArray<SeededTransaction> =>
  history
    .filter(
      (transaction) =>
        sameAddress(transaction.from, address) ||
        (transaction.to !== null && sameAddress(transaction.to, address)) ||
        transaction.transfers.some((transfer) => sameAddress(transfer.from, address) || sameAddress(transfer.to, address))
    )
    .toSorted((a, b) => b.timestamp - a.timestamp || b.blockNumber - a.blockNumber)
