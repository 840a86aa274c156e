/**
 * Solana requests through the Multichain API's `wallet_invokeMethod`: the modal's requests carry bytes (as
 * the Wallet Standard's do); the API names the Wallet Standard features (`signMessage`, `signTransaction`,
 * `signAndSendTransaction`, `signIn`) and carries bytes as text, as MetaMask does: the account as
 * `{ address }`, messages and transactions in base64, signatures in base58 (Solana's own form). Each
 * answer is decoded back; one that is not what the method returns is the connector's error.
 */
import { base58, base64 } from "@scure/base"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import * as RpcCode from "../RpcCode.ts"
import * as WalletError from "../WalletError.ts"

export interface Context {
  /** The account that signs (the session's active Solana account). */
  readonly address: string
  /** The scope the request is for. */
  readonly scope: Caip.CaipNetworkId
  /** Invokes `method` with `params` on the scope. */
  readonly invoke: (method: string, params: unknown) => Effect.Effect<unknown, Connector.ConnectorFailure>
  readonly fail: (message: string) => Connector.ConnectorError
}

const bytes = (value: unknown): Uint8Array | undefined => (value instanceof Uint8Array ? value : undefined)

const SignatureAnswer = Schema.Struct({ signature: Schema.String })
const SignedMessageAnswer = Schema.Struct({ signature: Schema.String, signedMessage: Schema.String })
const TransactionAnswer = Schema.Struct({ signedTransaction: Schema.String })
const SignInAnswer = Schema.Struct({ account: Schema.Struct({ address: Schema.String }), signature: Schema.String, signedMessage: Schema.String })

const apiMethod: Readonly<Record<string, string>> = {
  solana_signMessage: "signMessage",
  solana_signTransaction: "signTransaction",
  solana_signAndSendTransaction: "signAndSendTransaction",
  solana_signIn: "signIn"
}

export const request = (method: string, params: Record<string, unknown>, context: Context): Effect.Effect<unknown, Connector.ConnectorFailure> =>
  Effect.gen(function*() {
    const { fail, scope } = context
    const name = apiMethod[method]
    if (name === undefined) {
      return yield* new WalletError.UnsupportedMethodError({ code: RpcCode.table.UnsupportedMethod.code, message: `Unsupported method ${method}` })
    }
    const ask = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, wire: unknown) =>
      Effect.flatMap(context.invoke(name, wire), (answer) =>
        Effect.mapError(Schema.decodeUnknownEffect(schema)(answer), () => fail(`The wallet answered ${name} with a malformed result`)))
    const decode = (text: string, codec: typeof base58 | typeof base64) =>
      Effect.try({ try: () => codec.decode(text), catch: () => fail(`The wallet answered ${name} with malformed bytes`) })
    const account = { address: context.address }
    if (method === "solana_signIn") {
      const answer = yield* ask(SignInAnswer, params)
      // Signed for another account than the connected one: not this visitor's sign-in.
      if (answer.account.address !== context.address) return yield* fail("The wallet signed in with another account")
      return { account: answer.account, signedMessage: yield* decode(answer.signedMessage, base64), signature: yield* decode(answer.signature, base58) }
    }
    if (method === "solana_signMessage") {
      const message = bytes(params["message"])
      if (message === undefined) return yield* fail("signMessage needs the message bytes")
      const answer = yield* ask(SignedMessageAnswer, { account, message: base64.encode(message) })
      return { signedMessage: yield* decode(answer.signedMessage, base64), signature: yield* decode(answer.signature, base58) }
    }
    const transaction = bytes(params["transaction"])
    if (transaction === undefined) return yield* fail(`${name} needs the transaction bytes`)
    const wire = { account, transaction: base64.encode(transaction), scope }
    if (method === "solana_signTransaction") {
      const answer = yield* ask(TransactionAnswer, wire)
      return { signedTransaction: yield* decode(answer.signedTransaction, base64) }
    }
    const answer = yield* ask(SignatureAnswer, wire)
    return { signature: yield* decode(answer.signature, base58) }
  })
