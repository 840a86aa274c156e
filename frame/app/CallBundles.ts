/**
 * The call bundles this frame sent (`wallet_sendCalls`, EIP-5792) and their status
 * (`wallet_getCallsStatus`). A plain account's bundle is its calls sent one after the other, not
 * atomically; its status is read from their receipts — pending until each is mined, then confirmed (200),
 * reverted (500) or partly reverted (600). A smart account's bundle is one user operation, atomic: its
 * status is the bundler's receipt (`eth_getUserOperationReceipt`) — pending, confirmed or reverted, with
 * the one transaction that carried it. Bundles live as long as the frame.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { numberToHex } from "viem"
import { referenceOf } from "../../core/Caip.ts"
import { fixed } from "../../core/FixedMessage.ts"
import type { ChainClient } from "./ChainClient.ts"
import { fixedCode } from "../../core/FixedCode.ts"
import { UserOperationReceipt } from "./UserOperations.ts"

const Hex = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]*$/))

const Receipt = Schema.NullOr(Schema.Struct({
  status: Hex,
  blockHash: Hex,
  blockNumber: Hex,
  gasUsed: Hex,
  transactionHash: Hex,
  logs: Schema.Array(Schema.Struct({ address: Hex, data: Hex, topics: Schema.Array(Hex) }))
}))

export type Bundle =
  | { readonly kind: "transactions"; readonly chainId: string; readonly hashes: ReadonlyArray<string> }
  | { readonly kind: "userOperation"; readonly chainId: string; readonly hash: string }

/** EIP-5792's status codes for what a bundle's calls became. */
const status = { pending: 100, confirmed: 200, reverted: 500, partlyReverted: 600 } as const

export const make = () => {
  const bundles = new Map<string, Bundle>()

  const operationStatus = (chain: ChainClient["Service"], id: string, bundle: Extract<Bundle, { kind: "userOperation" }>) =>
    Effect.gen(function*() {
      const answer = yield* chain.call(bundle.chainId, "eth_getUserOperationReceipt", [bundle.hash])
      const found = yield* Effect.mapError(Schema.decodeUnknownEffect(UserOperationReceipt)(answer), () => new UnknownBundleError({ id }))
      return {
        version: "2.0.0",
        id,
        chainId: numberToHex(BigInt(referenceOf(bundle.chainId))),
        status: found === null ? status.pending : found.success ? status.confirmed : status.reverted,
        atomic: true,
        receipts: found === null ? [] : [found.receipt]
      }
    })

  const callsStatus = (chain: ChainClient["Service"], id: string) =>
    Effect.gen(function*() {
      const bundle = bundles.get(id)
      if (bundle === undefined) return yield* new UnknownBundleError({ id })
      if (bundle.kind === "userOperation") return yield* operationStatus(chain, id, bundle)
      const receipts = yield* Effect.forEach(bundle.hashes, (hash) =>
        Effect.flatMap(chain.call(bundle.chainId, "eth_getTransactionReceipt", [hash]), (answer) =>
          Effect.mapError(Schema.decodeUnknownEffect(Receipt)(answer), () => new UnknownBundleError({ id }))))
      const mined = receipts.flatMap((receipt) => (receipt === null ? [] : [receipt]))
      const reverted = mined.filter((receipt) => receipt.status !== "0x1").length
      return {
        version: "2.0.0",
        id,
        chainId: numberToHex(BigInt(referenceOf(bundle.chainId))),
        status: mined.length < receipts.length
          ? status.pending
          : reverted === 0
          ? status.confirmed
          : reverted === mined.length
          ? status.reverted
          : status.partlyReverted,
        atomic: false,
        receipts: mined.map(({ logs, status: outcome, blockHash, blockNumber, gasUsed, transactionHash }) => ({ logs, status: outcome, blockHash, blockNumber, gasUsed, transactionHash }))
      }
    })

  return {
    record: (id: string, bundle: Bundle) => Effect.sync(() => void bundles.set(id, bundle)),
    callsStatus
  }
}

export type CallBundles = ReturnType<typeof make>

/** `wallet_getCallsStatus` for a bundle this frame did not send (EIP-5792 5730). */
export class UnknownBundleError extends Schema.TaggedError<UnknownBundleError>()("UnknownBundleError", {
  message: fixed("Unknown bundle id"),
  code: fixedCode("UnknownBundleId"),
  id: Schema.String
}) {}
