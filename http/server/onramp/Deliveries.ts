/**
 * A provider's word that it delivered a purchase, checked on chain: the transaction exists and moves the
 * stated asset and amount to the stated address. Once mined, a token's movements are its Transfer logs
 * and Ether's the transaction's own value (a direct send); before that, or when it reverted, what the
 * transaction asks for (a direct `transfer` call). The status is the chain's: mined and succeeded,
 * reverted, or not mined yet.
 */
import * as Effect from "effect/Effect"
import {
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  isAddressEqual,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type Transaction,
  type TransactionReceipt
} from "viem"
import { BadRequest, UpstreamUnavailable } from "../../api/ApiError.ts"
import type { OnrampAsset, OnrampChain } from "./OnrampChains.ts"

export type DeliveryStatus = "in_progress" | "success" | "failed"

export interface Claim {
  readonly chain: OnrampChain
  readonly asset: OnrampAsset
  readonly to: Address
  /** Base units. */
  readonly amount: bigint
  readonly hash: Hex
}

export interface Delivery {
  readonly status: DeliveryStatus
  /** The transaction's sender (the provider's treasury). */
  readonly from: Address
  /** ISO-8601 time of the block; undefined while not mined. */
  readonly minedAt: string | undefined
}

interface Movement {
  readonly to: Address
  readonly value: bigint
}

const unreachable = (chain: OnrampChain) => () => new UpstreamUnavailable({ message: `Could not read ${chain.caip}` })

/** What a transaction asks to move of `asset`: its value, or the arguments of a direct `transfer`. */
const requested = (transaction: Transaction, asset: OnrampAsset): ReadonlyArray<Movement> => {
  if (transaction.to === null) return []
  if (asset.contract === undefined) return transaction.value > 0n ? [{ to: transaction.to, value: transaction.value }] : []
  if (!isAddressEqual(transaction.to, asset.contract)) return []
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data: transaction.input })
    return call.functionName === "transfer" ? [{ to: call.args[0], value: call.args[1] }] : []
  } catch {
    // Not an ERC-20 call at all: it moves nothing of the token.
    return []
  }
}

/** What a successful transaction moved of `asset`. */
const moved = (transaction: Transaction, receipt: TransactionReceipt, asset: OnrampAsset): ReadonlyArray<Movement> => {
  const contract = asset.contract
  if (contract === undefined) return requested(transaction, asset)
  return parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs })
    .filter((log) => isAddressEqual(log.address, contract))
    .map((log) => ({ to: log.args.to, value: log.args.value }))
}

const matches = (claim: Claim, movements: ReadonlyArray<Movement>): Effect.Effect<void, BadRequest> => {
  const mine = movements.filter((movement) => isAddressEqual(movement.to, claim.to))
  const units = (value: bigint) => `${formatUnits(value, claim.asset.decimals)} ${claim.asset.symbol}`
  if (mine.length === 0) {
    return Effect.fail(new BadRequest({ message: `destination_address: transaction ${claim.hash} sends no ${claim.asset.symbol} to ${claim.to}` }))
  }
  const total = mine.reduce((sum, movement) => sum + movement.value, 0n)
  return total === claim.amount
    ? Effect.void
    : Effect.fail(new BadRequest({ message: `purchase_amount: transaction ${claim.hash} sends ${units(total)}, not ${units(claim.amount)}` }))
}

export const check = (claim: Claim): Effect.Effect<Delivery, BadRequest | UpstreamUnavailable> =>
  Effect.gen(function*() {
    const { client } = claim.chain
    const transaction = yield* Effect.tryPromise({
      try: () => client.getTransaction({ hash: claim.hash }),
      catch: (cause) =>
        cause instanceof TransactionNotFoundError
          ? new BadRequest({ message: `transaction_hash: ${claim.hash} is not a transaction on ${claim.chain.caip}` })
          : unreachable(claim.chain)()
    })
    const receipt = yield* Effect.tryPromise({
      try: () => client.getTransactionReceipt({ hash: claim.hash }).catch((cause: unknown) => {
        if (cause instanceof TransactionReceiptNotFoundError) return undefined
        throw cause
      }),
      catch: unreachable(claim.chain)
    })
    const from = getAddress(transaction.from)
    if (receipt === undefined) {
      yield* matches(claim, requested(transaction, claim.asset))
      return { status: "in_progress", from, minedAt: undefined }
    }
    const block = yield* Effect.tryPromise({ try: () => client.getBlock({ blockNumber: receipt.blockNumber }), catch: unreachable(claim.chain) })
    const minedAt = new Date(Number(block.timestamp) * 1000).toISOString()
    if (receipt.status === "reverted") {
      yield* matches(claim, requested(transaction, claim.asset))
      return { status: "failed", from, minedAt }
    }
    yield* matches(claim, moved(transaction, receipt, claim.asset))
    return { status: "success", from, minedAt }
  })
