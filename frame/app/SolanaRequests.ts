/**
 * The Solana account's signing calls (spec §6 "the solana sign methods"), each approved by the visitor in
 * the frame's panel first. Their params and answers carry bytes, as the modal's Wallet Standard
 * connectors do:
 * - `solana_signMessage {message}` → `{signedMessage, signature}`;
 * - `solana_signTransaction {transaction}` → `{signedTransaction}` (wire bytes);
 * - `solana_signAllTransactions {transactions}` → `{signedTransactions}`;
 * - `solana_signAndSendTransaction {transaction}` → `{signature}`, once the network took it.
 * The panel shows each transaction's instructions as what they do (SolanaInstructions.ts), the accounts it
 * may change, what a simulation says it changes for the visitor, and the network fee. Bytes offered as a
 * message that are a transaction (or its message) are refused: their signature would sign the transaction.
 */
import { base58, base64 } from "@scure/base"
import { getTransactionDecoder } from "@solana/kit"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { Custody } from "../custody/Custody.ts"
import { baseView, formatAmount, messageText, type Currency } from "./ApprovalViews.ts"
import { Approvals, type Ticket } from "./Approvals.ts"
import { ChainClient } from "./ChainClient.ts"
import { UnreadableChainAnswerError } from "./EvmTransactions.ts"
import * as Holdings from "./Holdings.ts"
import { refuseReservedMessage } from "./ReservedSigning.ts"
import { InvalidParamsError, paramsOf, TransactionAsMessageError } from "./RpcParams.ts"
import { ServerApi } from "./ServerApi.ts"
import * as SolanaInstructions from "./SolanaInstructions.ts"
import * as SolanaSimulation from "./SolanaSimulation.ts"
import { Wallet } from "./Wallet.ts"

const Bytes = Schema.Uint8Array.check(Schema.makeFilter((bytes) => bytes.length > 0 && bytes.length <= 65_536))
const MessageParams = Schema.Struct({ message: Bytes })
const TransactionParams = Schema.Struct({ transaction: Bytes })
const TransactionsParams = Schema.Struct({ transactions: Schema.Array(Bytes).check(Schema.isMinLength(1), Schema.isMaxLength(64)) })
const FeeAnswer = Schema.Struct({ value: Schema.NullOr(Schema.Number) })
const SignatureAnswer = Schema.String.check(Schema.isPattern(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/))

const make = Effect.gen(function*() {
  const chain = yield* ChainClient
  const wallet = yield* Wallet
  const custody = yield* Custody
  const approvals = yield* Approvals
  const api = yield* ServerApi

  /** The network fee of the transactions, when the chain can say (a stale blockhash cannot). */
  const feeOf = (chainId: string, wires: ReadonlyArray<Uint8Array>, currency: Currency | undefined) =>
    Effect.gen(function*() {
      const fees = yield* Effect.forEach(wires, (wire) =>
        Effect.try({ try: () => getTransactionDecoder().decode(wire).messageBytes, catch: () => undefined }).pipe(
          Effect.flatMap((message) => chain.call(chainId, "getFeeForMessage", [base64.encode(Uint8Array.from(message)), { commitment: "confirmed" }])),
          Effect.flatMap(Schema.decodeUnknownEffect(FeeAnswer)),
          Effect.map((answer) => (answer.value === null ? undefined : BigInt(answer.value))),
          // The fee only informs the panel: without it the panel shows none.
          Effect.orElseSucceed(() => undefined)
        ))
      if (fees.some((fee) => fee === undefined)) return {}
      return { fee: formatAmount(fees.reduce<bigint>((sum, fee) => sum + (fee ?? 0n), 0n), currency, "solana") }
    })

  /** The transactions read (instructions, writable accounts) and, for one, what its simulation changes. */
  const review = (chainId: string, from: string, wires: ReadonlyArray<Uint8Array>, currency: Currency | undefined) =>
    Effect.gen(function*() {
      const read = wires.map(SolanaInstructions.read)
      const solanaTransactions = read.map((entry) => ({
        instructions: (entry?.instructions ?? []).slice(0, 64).map((instruction) => SolanaInstructions.instructionView(instruction, currency)),
        writable: [...(entry?.writable ?? []), ...(entry !== undefined && entry.writableFromTables > 0 ? [`+${entry.writableFromTables}`] : [])].slice(0, 256)
      }))
      const [only] = read
      // Transactions signed together may depend on each other: only a lone one is simulated.
      const simulation = wires.length === 1 && only !== undefined && wires[0] !== undefined
        ? yield* SolanaSimulation.simulate(chain, chainId, from, wires[0], only.writable, currency)
        : { status: "unavailable" as const }
      return { solanaTransactions, simulation }
    })

  const approved = (ticket: Ticket, requestId: string, chainId: string, method: string, params: unknown) =>
    Effect.gen(function*() {
      const from = (yield* wallet.addresses).solana
      const approveTransactions = (wires: ReadonlyArray<Uint8Array>) =>
        Effect.gen(function*() {
          const currency = Option.getOrUndefined(yield* Holdings.nativeCurrency(api, from, chainId))
          const [fee, reviewed] = yield* Effect.all([feeOf(chainId, wires, currency), review(chainId, from, wires, currency)], { concurrency: 2 })
          yield* approvals.approve(ticket, requestId, { ...baseView(method, chainId, from), ...reviewed, ...fee })
        })
      switch (method) {
        case "solana_signMessage": {
          const { message } = yield* paramsOf(MessageParams, method, params)
          yield* refuseReservedMessage(method, message)
          if (SolanaInstructions.isTransaction(message)) return yield* new TransactionAsMessageError({ method })
          const shown = messageText(message)
          yield* approvals.approve(ticket, requestId, { ...baseView(method, chainId, from), message: shown.text, ...(shown.truncated ? { truncated: true } : {}) })
          return { signedMessage: message, signature: yield* custody.signSolanaMessage(message) }
        }
        case "solana_signTransaction": {
          const { transaction } = yield* paramsOf(TransactionParams, method, params)
          yield* approveTransactions([transaction])
          return { signedTransaction: yield* custody.signSolanaTransaction(transaction) }
        }
        case "solana_signAllTransactions": {
          const { transactions } = yield* paramsOf(TransactionsParams, method, params)
          yield* approveTransactions(transactions)
          return { signedTransactions: yield* Effect.forEach(transactions, custody.signSolanaTransaction) }
        }
        case "solana_signAndSendTransaction": {
          const { transaction } = yield* paramsOf(TransactionParams, method, params)
          yield* approveTransactions([transaction])
          const signed = yield* custody.signSolanaTransaction(transaction)
          const answer = yield* chain.call(chainId, "sendTransaction", [base64.encode(signed), { encoding: "base64" }])
          const signature = yield* Effect.mapError(Schema.decodeUnknownEffect(SignatureAnswer)(answer), () => new UnreadableChainAnswerError({ method: "sendTransaction" }))
          return { signature: base58.decode(signature) }
        }
        default:
          return yield* new InvalidParamsError({ method })
      }
    })

  return { approved }
})

export class SolanaRequests extends Context.Service<SolanaRequests, Effect.Success<typeof make>>()("portico/frame/app/SolanaRequests") {
  static readonly layer = Layer.effect(SolanaRequests, make)
}
