/**
 * An eip155 send (spec §7 "Sending"): the native coin travels as the transaction's value; a token is a
 * `transfer(to, amount)` call on its contract. Before asking the wallet, a dry run (eth_call) tells
 * whether the token follows the ERC20 ABI (answers `true`) or the USDT-style one (answers nothing), and
 * refuses a transfer the token would revert or answer `false` to. The transaction then goes through
 * the connector's `eth_sendTransaction`, whichever kind of connector holds the account.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { decodeFunctionResult, encodeFunctionData, type Hex, numberToHex } from "viem"
import * as Address from "../Address.ts"
import type * as Connector from "../Connector.ts"
import * as RpcResult from "../RpcResult.ts"
import type { ChainRead, ChainReadError } from "../rpc/ChainRead.ts"
import { erc20TransferAbi, type TransferAbi, usdtTransferAbi } from "./Erc20Abi.ts"

export interface EvmTransfer {
  readonly from: string
  readonly to: string
  /** In the token's smallest unit. */
  readonly units: bigint
  /** The token contract; absent for the chain's native coin. */
  readonly contract?: string
}

/** The eth_sendTransaction / eth_call object of a transfer. */
export interface EvmTransaction {
  readonly from: Hex
  readonly to: Hex
  readonly value?: Hex
  readonly data?: Hex
}

const checked = (field: string, address: string): Effect.Effect<Hex, EvmSendInvalidAddressError> =>
  Address.isValid("eip155", address)
    ? Effect.succeed(Address.toChecksum(address))
    : Effect.fail(new EvmSendInvalidAddressError({ field, address, message: "Invalid address" }))

/**
 * The transaction a transfer becomes: a value for the native coin, `transfer` calldata for a token in
 * the ABI it follows (both ABIs share the selector and arguments, so a dry run may use either).
 */
export const transactionOf = (transfer: EvmTransfer, abi: TransferAbi = "erc20"): Effect.Effect<EvmTransaction, EvmSendInvalidAddressError> =>
  Effect.gen(function*() {
    const from = yield* checked("from", transfer.from)
    const to = yield* checked("to", transfer.to)
    if (transfer.contract === undefined) return { from, to, value: numberToHex(transfer.units) }
    const contract = yield* checked("contract", transfer.contract)
    const data = abi === "usdt"
      ? encodeFunctionData({ abi: usdtTransferAbi, functionName: "transfer", args: [to, transfer.units] })
      : encodeFunctionData({ abi: erc20TransferAbi, functionName: "transfer", args: [to, transfer.units] })
    return { from, to: contract, data }
  })

const HexAnswer = Schema.TemplateLiteral(["0x", Schema.String]).check(Schema.isPattern(/^0x[0-9a-fA-F]*$/))
const decodeHex = Schema.decodeUnknownEffect(HexAnswer)

/**
 * Which ABI the token's `transfer` follows, read from a dry run: an empty answer is the USDT style, a
 * `true` the ERC20 one. A `false` or anything else means the token refuses the transfer.
 */
export const transferAbiOf = (answer: Hex, contract: string): Effect.Effect<TransferAbi, EvmTransferRefusedError> => {
  // The USDT-style transfer declares no output: a successful call answers nothing at all.
  if (answer === "0x") return Effect.succeed("usdt")
  try {
    return decodeFunctionResult({ abi: erc20TransferAbi, functionName: "transfer", data: answer })
      ? Effect.succeed("erc20")
      : Effect.fail(new EvmTransferRefusedError({ contract, message: "The token refused the transfer" }))
  } catch {
    return Effect.fail(new EvmTransferRefusedError({ contract, message: "The token answered the transfer with something other than a bool" }))
  }
}

/** Dry-runs a token transfer and answers the ABI it follows; a revert (no balance, a paused token…) refuses it. */
export const dryRun = (
  read: ChainRead,
  transaction: EvmTransaction
): Effect.Effect<TransferAbi, EvmTransferRefusedError> =>
  read({ method: "eth_call", params: [transaction, "latest"] }).pipe(
    Effect.mapError((error) => new EvmTransferRefusedError({ contract: transaction.to, message: error.message })),
    Effect.flatMap((answer) =>
      Effect.mapError(decodeHex(answer), () =>
        new EvmTransferRefusedError({ contract: transaction.to, message: "The node answered the dry run with no hex" }))
    ),
    Effect.flatMap((answer) => transferAbiOf(answer, transaction.to))
  )

/** Network fee estimate in wei: eth_estimateGas times eth_gasPrice. */
export const estimateFee = (read: ChainRead, transaction: EvmTransaction): Effect.Effect<bigint, ChainReadError | EvmSendAnswerError> =>
  Effect.gen(function*() {
    const gas = yield* Effect.flatMap(read({ method: "eth_estimateGas", params: [transaction] }), quantity("eth_estimateGas"))
    const price = yield* Effect.flatMap(read({ method: "eth_gasPrice", params: [] }), quantity("eth_gasPrice"))
    return gas * price
  })

const Quantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]+$/))
const quantity = (method: string) => (answer: unknown): Effect.Effect<bigint, EvmSendAnswerError> =>
  Schema.decodeUnknownEffect(Quantity)(answer).pipe(
    Effect.map((hex) => BigInt(hex)),
    Effect.mapError(() => new EvmSendAnswerError({ method, message: `${method} did not answer a quantity` }))
  )

/**
 * Sends a transfer through the connector and answers its transaction hash. A token transfer is
 * dry-run first, so a refused one never reaches the wallet's prompt.
 */
export const send = (
  client: Connector.ConnectorClient,
  read: ChainRead,
  transfer: EvmTransfer
): Effect.Effect<
  Hex,
  Connector.ConnectorFailure | ChainReadError | EvmSendInvalidAddressError | EvmTransferRefusedError | EvmSendAnswerError
> =>
  Effect.gen(function*() {
    const probe = yield* transactionOf(transfer)
    const transaction = transfer.contract === undefined ? probe : yield* transactionOf(transfer, yield* dryRun(read, probe))
    const answer = yield* client.request({ method: "eth_sendTransaction", params: [transaction] })
    if (!RpcResult.isTransactionHash(answer)) {
      return yield* new EvmSendAnswerError({ method: "eth_sendTransaction", message: "The wallet did not answer a transaction hash" })
    }
    return answer
  })

export class EvmSendInvalidAddressError extends Schema.TaggedError<EvmSendInvalidAddressError>()("EvmSendInvalidAddressError", {
  field: Schema.String,
  address: Schema.String,
  message: Schema.String
}) {}

export class EvmTransferRefusedError extends Schema.TaggedError<EvmTransferRefusedError>()("EvmTransferRefusedError", {
  contract: Schema.String,
  message: Schema.String
}) {}

export class EvmSendAnswerError extends Schema.TaggedError<EvmSendAnswerError>()("EvmSendAnswerError", {
  method: Schema.String,
  message: Schema.String
}) {}
