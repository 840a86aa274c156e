/**
 * An `eth_sendTransaction` request (or one call of `wallet_sendCalls`) made into a transaction the
 * account can sign: what the dapp left out is read from the chain — the nonce (pending), the gas
 * (`eth_estimateGas`) and the fees (EIP-1559 when the latest block has a base fee: twice the base fee
 * plus the node's priority fee, as common wallets do; the gas price otherwise). The visitor approves
 * the transaction as filled, so what is signed is what was shown, and the fee shown is its maximum.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { hexToBigInt, type Address, type Hex } from "viem"
import { referenceOf } from "../../core/Caip.ts"
import { fixed } from "../../core/FixedMessage.ts"
import type { EvmTransaction } from "../custody/EvmSigner.ts"
import type { ChainClient } from "./ChainClient.ts"
import { fixedCode } from "../../core/FixedCode.ts"

const Quantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/))
const Data = Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2})*$/))
const EvmAddress = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))

/** A transaction as a dapp asks for it (EIP-1474's transaction object); every field optional but where to. */
export const TransactionRequest = Schema.Struct({
  from: Schema.optionalKey(EvmAddress),
  /** Absent or null: a contract creation. */
  to: Schema.optionalKey(Schema.NullOr(EvmAddress)),
  value: Schema.optionalKey(Quantity),
  data: Schema.optionalKey(Data),
  /** The older name of `data`. */
  input: Schema.optionalKey(Data),
  gas: Schema.optionalKey(Quantity),
  nonce: Schema.optionalKey(Quantity),
  gasPrice: Schema.optionalKey(Quantity),
  maxFeePerGas: Schema.optionalKey(Quantity),
  maxPriorityFeePerGas: Schema.optionalKey(Quantity),
  chainId: Schema.optionalKey(Quantity)
})
export type TransactionRequest = typeof TransactionRequest.Type

const LatestBlock = Schema.Struct({ baseFeePerGas: Schema.optionalKey(Schema.NullOr(Quantity)) })

export interface Filled {
  readonly transaction: EvmTransaction
  /** gas × the most it may pay per gas, in wei. */
  readonly maxFee: bigint
}

/** A chain read decoded by `schema`; anything else is an unreadable answer. */
export const read = <S extends Schema.Decoder<unknown>>(chain: ChainClient["Service"], chainId: string, schema: S, method: string, params: ReadonlyArray<unknown>) =>
  Effect.flatMap(chain.call(chainId, method, params), (answer) =>
    Effect.mapError(Schema.decodeUnknownEffect(schema)(answer), () => new UnreadableChainAnswerError({ method })))

export const quantity = (chain: ChainClient["Service"], chainId: string, method: string, params: ReadonlyArray<unknown>) =>
  Effect.map(read(chain, chainId, Quantity, method, params), (hex) => hexToBigInt(hex as Hex))

/** The numeric chain id of an eip155 CAIP-2 id. */
export const evmChainId = (chainId: string): number => Number(referenceOf(chainId))

/**
 * Fills `request` from `from` on `chainId`. `nonceOffset` places a call after the ones before it in
 * the same bundle (their nonces follow the pending one).
 */
export const fill = (
  chain: ChainClient["Service"],
  chainId: string,
  from: Address,
  request: TransactionRequest,
  nonceOffset = 0
) =>
  Effect.gen(function*() {
    const id = evmChainId(chainId)
    if (request.chainId !== undefined && hexToBigInt(request.chainId as Hex) !== BigInt(id)) {
      return yield* new ChainMismatchError({ chainId })
    }
    const to = request.to ?? undefined
    const value = request.value === undefined ? 0n : hexToBigInt(request.value as Hex)
    const data = (request.data ?? request.input) as Hex | undefined
    const call = { from, ...(to === undefined ? {} : { to }), value: `0x${value.toString(16)}`, ...(data === undefined ? {} : { data }) }
    const nonce = request.nonce === undefined
      ? Number(yield* quantity(chain, chainId, "eth_getTransactionCount", [from, "pending"])) + nonceOffset
      : Number(hexToBigInt(request.nonce as Hex))
    const gas = request.gas === undefined ? yield* quantity(chain, chainId, "eth_estimateGas", [call]) : hexToBigInt(request.gas as Hex)
    const base = { ...(to === undefined ? {} : { to: to as Address }), value, ...(data === undefined ? {} : { data }), nonce, gas, chainId: id }
    const latest = yield* read(chain, chainId, LatestBlock, "eth_getBlockByNumber", ["latest", false])
    const baseFee = latest.baseFeePerGas ?? undefined
    if (request.gasPrice === undefined && baseFee !== undefined) {
      const priority = request.maxPriorityFeePerGas === undefined
        ? yield* quantity(chain, chainId, "eth_maxPriorityFeePerGas", [])
        : hexToBigInt(request.maxPriorityFeePerGas as Hex)
      const maxFeePerGas = request.maxFeePerGas === undefined ? hexToBigInt(baseFee as Hex) * 2n + priority : hexToBigInt(request.maxFeePerGas as Hex)
      return {
        transaction: { ...base, type: "eip1559", maxFeePerGas, maxPriorityFeePerGas: priority > maxFeePerGas ? maxFeePerGas : priority },
        maxFee: gas * maxFeePerGas
      } satisfies Filled
    }
    const gasPrice = request.gasPrice === undefined ? yield* quantity(chain, chainId, "eth_gasPrice", []) : hexToBigInt(request.gasPrice as Hex)
    return { transaction: { ...base, type: "legacy", gasPrice }, maxFee: gas * gasPrice } satisfies Filled
  })

/** The chain answered a read with something that is not what the method returns. */
export class UnreadableChainAnswerError extends Schema.TaggedError<UnreadableChainAnswerError>()("UnreadableChainAnswerError", {
  message: fixed("The network answered something unreadable"),
  method: Schema.String
}) {}

/** A transaction or typed data names another chain than the one the request was made on (invalid params). */
export class ChainMismatchError extends Schema.TaggedError<ChainMismatchError>()("ChainMismatchError", {
  message: fixed("The request is for another network"),
  code: fixedCode("InvalidParams"),
  chainId: Schema.String
}) {}
