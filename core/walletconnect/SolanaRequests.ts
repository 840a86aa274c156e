/**
 * Solana requests over WalletConnect: the modal's requests carry bytes (as the Wallet Standard's do), the
 * protocol carries text: messages and signatures in base58, transactions in base64. Each answer is decoded
 * back, and one that is not what the method returns is the connector's error.
 */
import { base58, base64 } from "@scure/base"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Connector from "../Connector.ts"
import * as RpcCode from "../RpcCode.ts"
import * as WalletError from "../WalletError.ts"

export interface Context {
  /** The session's Solana account. */
  readonly pubkey: string | undefined
  /** Sends the encoded params to the wallet on the session's Solana network. */
  readonly ask: (params: unknown) => Effect.Effect<unknown, Connector.ConnectorFailure>
  readonly fail: (message: string) => Connector.ConnectorError
}

const bytes = (value: unknown): Uint8Array | undefined => (value instanceof Uint8Array ? value : undefined)

const SignatureAnswer = Schema.Struct({ signature: Schema.String })
const TransactionAnswer = Schema.Struct({ transaction: Schema.String })
const TransactionsAnswer = Schema.Struct({ transactions: Schema.Array(Schema.String) })

export const request = (method: string, params: Record<string, unknown>, context: Context): Effect.Effect<unknown, Connector.ConnectorFailure> =>
  Effect.gen(function*() {
    const { ask, fail } = context
    const decoded = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) => (answer: unknown) =>
      Effect.mapError(Schema.decodeUnknownEffect(schema)(answer), () => fail(`The wallet answered ${method} with a malformed result`))
    const decodeBytes = (text: string, codec: typeof base58 | typeof base64) =>
      Effect.try({ try: () => codec.decode(text), catch: () => fail(`The wallet answered ${method} with malformed bytes`) })
    switch (method) {
      case "solana_signMessage": {
        const message = bytes(params["message"])
        if (message === undefined) return yield* fail("solana_signMessage needs the message bytes")
        const answer = yield* Effect.flatMap(ask({ message: base58.encode(message), pubkey: context.pubkey }), decoded(SignatureAnswer))
        return { signedMessage: message, signature: yield* decodeBytes(answer.signature, base58) }
      }
      case "solana_signTransaction": {
        const transaction = bytes(params["transaction"])
        if (transaction === undefined) return yield* fail("solana_signTransaction needs the transaction bytes")
        const answer = yield* Effect.flatMap(ask({ transaction: base64.encode(transaction) }), decoded(TransactionAnswer))
        return { signedTransaction: yield* decodeBytes(answer.transaction, base64) }
      }
      case "solana_signAndSendTransaction": {
        const transaction = bytes(params["transaction"])
        if (transaction === undefined) return yield* fail("solana_signAndSendTransaction needs the transaction bytes")
        const answer = yield* Effect.flatMap(ask({ transaction: base64.encode(transaction) }), decoded(SignatureAnswer))
        return { signature: yield* decodeBytes(answer.signature, base58) }
      }
      case "solana_signAllTransactions": {
        const transactions = Array.isArray(params["transactions"]) ? params["transactions"].map(bytes) : []
        const present = transactions.filter((entry): entry is Uint8Array => entry !== undefined)
        if (present.length === 0 || present.length !== transactions.length) return yield* fail("solana_signAllTransactions needs the transactions' bytes")
        const answer = yield* Effect.flatMap(ask({ transactions: present.map((entry) => base64.encode(entry)) }), decoded(TransactionsAnswer))
        return { signedTransactions: yield* Effect.forEach(answer.transactions, (entry) => decodeBytes(entry, base64)) }
      }
      default:
        return yield* new WalletError.UnsupportedMethodError({ code: RpcCode.table.UnsupportedMethod.code, message: `Unsupported method ${method}` })
    }
  })
