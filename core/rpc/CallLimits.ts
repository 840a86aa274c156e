/**
 * What one call through Portico's chain RPC endpoint may cost the node behind it (issue 24): the
 * endpoint is a proxy anyone on an allowed origin can reach, so no single call may make the node do
 * unbounded work for one rate-limit token.
 *
 * - `eth_getLogs` spans at most `maxLogBlocks` blocks (one block by hash always passes). Tags are measured
 *   against the node's head: `earliest` is block 0, the others (`latest`, `pending`, `safe`,
 *   `finalized`) the head, which `judge` asks for only when a filter needs it.
 * - Solana's `getBlocks` spans at most `maxSolanaSlots` slots and must name its end.
 * - Calls that scan a whole program or chain (`getProgramAccounts`, `getLargestAccounts`, …) are refused.
 *
 * Each refusal names why, with the EIP-1474 code of its kind.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type * as RpcCode from "../RpcCode.ts"

export const maxLogBlocks = 1_000
export const maxSolanaSlots = 1_000

export type Verdict =
  | { readonly _tag: "Pass" }
  | { readonly _tag: "Refuse"; readonly key: RpcCode.Key; readonly message: string }
  /** The call's cost depends on the chain's head: judge it again with the head. */
  | { readonly _tag: "NeedsHead" }

const pass: Verdict = { _tag: "Pass" }
const refuse = (key: RpcCode.Key, message: string): Verdict => ({ _tag: "Refuse", key, message })

/** Solana calls whose work grows with the whole chain's state: never served here. */
const amplifying: ReadonlyMap<string, string> = new Map([
  ["getProgramAccounts", "it reads every account a program owns"],
  ["getLargestAccounts", "it ranks every account of the chain"],
  ["getTokenLargestAccounts", "it ranks every holder of a mint"]
])

const Quantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/))
const BlockTag = Schema.Literals(["earliest", "latest", "pending", "safe", "finalized"])
const BlockRef = Schema.Union([Quantity, BlockTag])
const LogFilter = Schema.Struct({
  fromBlock: Schema.optionalKey(BlockRef),
  toBlock: Schema.optionalKey(BlockRef),
  blockHash: Schema.optionalKey(Schema.String)
})
const decodeLogParams = Schema.decodeUnknownOption(Schema.TupleWithRest(Schema.Tuple([LogFilter]), [Schema.Unknown]))

const Slot = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
const decodeBlocksParams = Schema.decodeUnknownOption(Schema.TupleWithRest(Schema.Tuple([Slot, Schema.optionalKey(Slot)]), [Schema.Unknown]))

/** A block reference as a number, against `head` for the tags that move. */
const blockOf = (ref: typeof BlockRef.Type, head: bigint): bigint => (ref === "earliest" ? 0n : ref.startsWith("0x") ? BigInt(ref) : head)

const needsHead = (ref: typeof BlockRef.Type | undefined) => ref === undefined || (ref !== "earliest" && !ref.startsWith("0x"))

const logs = (params: unknown, head: bigint | undefined): Verdict => {
  const decoded = decodeLogParams(params ?? [])
  if (Option.isNone(decoded)) return refuse("InvalidParams", "eth_getLogs: the filter's block range is not readable")
  const [filter] = decoded.value
  if (filter.blockHash !== undefined) {
    return filter.fromBlock === undefined && filter.toBlock === undefined
      ? pass
      : refuse("InvalidParams", "eth_getLogs: a filter names a blockHash or a block range, not both")
  }
  if (head === undefined && (needsHead(filter.fromBlock) || needsHead(filter.toBlock))) return { _tag: "NeedsHead" }
  const known = head ?? 0n
  const from = blockOf(filter.fromBlock ?? "latest", known)
  const to = blockOf(filter.toBlock ?? "latest", known)
  if (to < from) return pass
  return to - from + 1n <= BigInt(maxLogBlocks)
    ? pass
    : refuse("LimitExceeded", `eth_getLogs: at most ${maxLogBlocks} blocks per call (this filter spans ${to - from + 1n}); split the range`)
}

const blocks = (params: unknown): Verdict => {
  const decoded = decodeBlocksParams(params ?? [])
  if (Option.isNone(decoded)) return refuse("InvalidParams", "getBlocks: the slot range is not readable")
  const [start, end] = decoded.value
  if (end === undefined) return refuse("LimitExceeded", `getBlocks: name the end slot; at most ${maxSolanaSlots} slots per call`)
  return end - start + 1 <= maxSolanaSlots ? pass : refuse("LimitExceeded", `getBlocks: at most ${maxSolanaSlots} slots per call; split the range`)
}

/**
 * Whether the endpoint serves this call on a network of `namespace`, as far as its cost goes (which
 * methods pass at all is core/rpc/ForwardedMethods.ts). `head`: the chain's latest block, once known.
 */
export const judge = (namespace: string, method: string, params: unknown, head?: bigint): Verdict => {
  if (namespace === "eip155" && method === "eth_getLogs") return logs(params, head)
  if (namespace === "solana") {
    const why = amplifying.get(method)
    if (why !== undefined) return refuse("MethodNotSupported", `${method} is not served by this endpoint: ${why} (use a node of your own)`)
    if (method === "getBlocks") return blocks(params)
  }
  return pass
}
