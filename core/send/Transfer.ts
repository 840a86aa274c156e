/**
 * A validated send form (core/Send.ts `SendRequest`) as an on-chain transfer, by namespace: the amount
 * parsed with the token's decimals, the token's contract or mint taken from its CAIP-10 address. Then
 * the send and the fee estimate for either namespace.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import type { SendRequest } from "../Send.ts"
import type { ChainRead, ChainReadError } from "../rpc/ChainRead.ts"
import * as CodeChunk from "../CodeChunk.ts"
import * as Amount from "./Amount.ts"
import type * as EvmSend from "./EvmSend.ts"
import type * as SolanaSend from "./SolanaSend.ts"

// Each namespace's transactions (viem's ABI coding, @solana/kit's messages) are a chunk of their own,
// loaded by the first send or fee estimate on that namespace: connecting and the Account view never need them.
const evmSend = CodeChunk.lazy("send", () => import("./EvmSend.ts"))
const solanaSend = CodeChunk.lazy("send", () => import("./SolanaSend.ts"))

export type Transfer =
  | { readonly namespace: "eip155"; readonly transfer: EvmSend.EvmTransfer }
  | { readonly namespace: "solana"; readonly transfer: SolanaSend.SolanaTransfer }

/** The token's contract or mint: the last part of its CAIP-10 address, on the token's own network. */
const assetAddressOf = (request: SendRequest): Effect.Effect<string | undefined, TransferTokenError> => {
  const caip = request.token.address
  if (caip === undefined) return Effect.succeed(undefined)
  return Caip.parseAddress(caip).pipe(
    Effect.mapError(() => new TransferTokenError({ message: `The token address ${caip} is not a CAIP-10 address` })),
    Effect.filterOrFail(
      (parsed) => parsed.namespace === request.namespace,
      () => new TransferTokenError({ message: `The token ${request.token.symbol} is not on ${request.namespace}` })
    ),
    Effect.map((parsed) => parsed.address)
  )
}

const decimalsOf = (request: SendRequest): Effect.Effect<number, TransferTokenError> => {
  const decimals = Number(request.token.quantity.decimals)
  return Number.isInteger(decimals) && decimals >= 0 && decimals <= 255
    ? Effect.succeed(decimals)
    : Effect.fail(new TransferTokenError({ message: `The token ${request.token.symbol} has no valid decimals` }))
}

/** The transfer `from` makes for a send request. */
export const fromRequest = (
  request: SendRequest,
  from: string
): Effect.Effect<Transfer, TransferTokenError | Amount.InvalidAmountError> =>
  Effect.gen(function*() {
    const decimals = yield* decimalsOf(request)
    const units = yield* Amount.parse(request.amount, decimals)
    const asset = yield* assetAddressOf(request)
    const to = request.receiverAddress
    if (request.namespace === "eip155") {
      return { namespace: "eip155", transfer: { from, to, units, ...(asset === undefined ? {} : { contract: asset }) } }
    }
    return { namespace: "solana", transfer: { from, to, units, ...(asset === undefined ? {} : { mint: { address: asset, decimals } }) } }
  })

/** What a send or a fee estimate can fail with, either namespace. */
export type TransferError =
  | Connector.ConnectorFailure
  | ChainReadError
  | EvmSend.EvmSendInvalidAddressError
  | EvmSend.EvmTransferRefusedError
  | EvmSend.EvmSendAnswerError
  | SolanaSend.SolanaSendInvalidAddressError
  | SolanaSend.SolanaSendAnswerError
  | CodeChunk.FeatureUnavailableError

/** Sends through the connector; answers the transaction hash (eip155) or signature (solana). */
export const send = (client: Connector.ConnectorClient, read: ChainRead, transfer: Transfer): Effect.Effect<string, TransferError> =>
  transfer.namespace === "eip155"
    ? Effect.flatMap(evmSend, (evm) => evm.send(client, read, transfer.transfer))
    : Effect.flatMap(solanaSend, (solana) => solana.send(client, read, transfer.transfer))

/** The network fee in the native coin's smallest unit (wei, lamports). */
export const estimateFee = (read: ChainRead, transfer: Transfer): Effect.Effect<bigint, Exclude<TransferError, Connector.ConnectorFailure>> =>
  transfer.namespace === "eip155"
    ? Effect.flatMap(evmSend, (evm) => Effect.flatMap(evm.transactionOf(transfer.transfer), (transaction) => evm.estimateFee(read, transaction)))
    : Effect.flatMap(solanaSend, (solana) => solana.estimateFee(read, transfer.transfer))

export class TransferTokenError extends Schema.TaggedError<TransferTokenError>()("TransferTokenError", {
  message: Schema.String
}) {}
