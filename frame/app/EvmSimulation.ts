/**
 * What a transaction would change for the visitor, from the node's own simulation (`eth_simulateV1`, with
 * `traceTransfers` so Ether moves show as transfer logs from 0xEeee…EEeE): the Ether, ERC-20 and NFT
 * transfers into and out of the account. A node without the method (Hardhat's EDR, many providers) or a
 * simulation that cannot be read leaves `unavailable`: the panel says so and shows the decoded intent.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type Address, type Hex, hexToBigInt, isAddressEqual, numberToHex } from "viem"
import type { EvmTransaction } from "../custody/EvmSigner.ts"
import type { ChainClient } from "./ChainClient.ts"

/** ERC-20 and ERC-721 `Transfer(address,address,uint256)`. */
const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
/** ERC-1155 `TransferSingle(address,address,address,uint256,uint256)`. */
const transferSingleTopic = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62"
/** Where `traceTransfers` says Ether moved (ERC-7528). */
export const etherAddress = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"

const Hex = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]*$/))
const Log = Schema.Struct({ address: Hex, topics: Schema.Array(Hex), data: Hex })
const Simulated = Schema.Array(Schema.Struct({
  calls: Schema.Array(Schema.Struct({ status: Hex, logs: Schema.Array(Log), error: Schema.optionalKey(Schema.Struct({ message: Schema.optionalKey(Schema.String) })) }))
}))

/** One asset's change for the account: `id` for an NFT, `amount` signed in base units. */
export interface Change {
  readonly asset: Address
  readonly id?: bigint
  readonly amount: bigint
}

export type Outcome =
  | { readonly status: "unavailable" }
  | { readonly status: "reverted"; readonly reason: string }
  | { readonly status: "done"; readonly changes: ReadonlyArray<Change> }

const topicAddress = (topic: Hex | undefined): Address | undefined => (topic === undefined || topic.length !== 66 ? undefined : `0x${topic.slice(26)}`)

/** The changes these logs make to `account`, summed per asset (and token id). */
export const changesOf = (account: Address, logs: ReadonlyArray<typeof Log.Type>): ReadonlyArray<Change> => {
  const sums = new Map<string, Change>()
  const add = (asset: Address, amount: bigint, id?: bigint) => {
    const key = `${asset.toLowerCase()}:${id ?? ""}`
    const before = sums.get(key)?.amount ?? 0n
    sums.set(key, { asset, ...(id === undefined ? {} : { id }), amount: before + amount })
  }
  for (const log of logs) {
    const [topic, ...rest] = log.topics
    const single = topic === transferSingleTopic
    if (topic !== transferTopic && !single) continue
    const [from, to] = (single ? rest.slice(1, 3) : rest.slice(0, 2)).map((entry) => topicAddress(entry as Hex))
    if (from === undefined || to === undefined) continue
    const sign = isAddressEqual(to, account) ? 1n : isAddressEqual(from, account) ? -1n : 0n
    if (sign === 0n || isAddressEqual(from, to)) continue
    const words = log.data.length > 2 ? (log.data.slice(2).match(/.{64}/g) ?? []).map((word) => hexToBigInt(`0x${word}`)) : []
    if (single) add(log.address as Address, sign * (words[1] ?? 0n), words[0])
    else if (rest.length === 3) add(log.address as Address, sign, hexToBigInt(rest[2] as Hex))
    else add(log.address as Address, sign * (words[0] ?? 0n))
  }
  return [...sums.values()].filter((change) => change.amount !== 0n)
}

/** Simulates `transactions` in order from `from` on top of the latest block. */
export const simulate = (chain: ChainClient["Service"], chainId: string, from: Address, transactions: ReadonlyArray<EvmTransaction>): Effect.Effect<Outcome> => {
  const calls = transactions.map((transaction) => ({
    from,
    ...(transaction.to === undefined ? {} : { to: transaction.to }),
    value: numberToHex(transaction.value ?? 0n),
    ...(transaction.data === undefined ? {} : { data: transaction.data }),
    ...(transaction.gas === undefined ? {} : { gas: numberToHex(transaction.gas) })
  }))
  return chain.call(chainId, "eth_simulateV1", [{ blockStateCalls: [{ calls }], traceTransfers: true, validation: false }, "latest"]).pipe(
    Effect.flatMap(Schema.decodeUnknownEffect(Simulated)),
    Effect.map((blocks): Outcome => {
      const results = blocks.flatMap((block) => block.calls)
      const failed = results.find((result) => result.status !== "0x1")
      if (failed !== undefined) return { status: "reverted", reason: (failed.error?.message ?? "").slice(0, 500) }
      return { status: "done", changes: changesOf(from, results.flatMap((result) => result.logs)) }
    }),
    Effect.orElseSucceed((): Outcome => ({ status: "unavailable" }))
  )
}
