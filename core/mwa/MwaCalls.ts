/**
 * The calls Portico makes in a Mobile Wallet Adapter session, each checked against what it asked: the
 * authorization (new, or again with the kept auth_token), messages signed by the authorized account (the
 * signed payload must be the message followed by a valid ed25519 signature of it), and transactions
 * signed and sent (one 64-byte signature each).
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base64 } from "@scure/base"
import * as Effect from "effect/Effect"
import { MwaProtocolError, type MwaWalletError } from "./MwaErrors.ts"
import * as MwaRpc from "./MwaRpc.ts"
import type { Session } from "./MwaSession.ts"

const signatureLength = 64
const publicKeyLength = 32

const malformed = (message: string) => new MwaProtocolError({ reason: "message", message })

/** An authorized account's public key, from the wallet's base64 address; undefined unless 32 bytes. */
export const publicKeyOf = (address: string): Uint8Array | undefined => {
  try {
    const bytes = base64.decode(address)
    return bytes.length === publicKeyLength ? bytes : undefined
  } catch {
    return undefined
  }
}

export const authorize = (session: Session, params: MwaRpc.AuthorizeParams): Effect.Effect<MwaRpc.AuthorizeResult, MwaProtocolError | MwaWalletError> =>
  Effect.flatMap(session.request("authorize", params, MwaRpc.AuthorizeResult), (result) =>
    result.accounts.every((account) => publicKeyOf(account.address) !== undefined)
      ? Effect.succeed(result)
      : Effect.fail(malformed("The wallet authorized an account that is not a Solana public key")))

export const deauthorize = (session: Session, authToken: string) =>
  Effect.asVoid(session.request("deauthorize", { auth_token: authToken }, MwaRpc.DeauthorizeResult))

/** Signs messages with one account; each answer must be its message and that account's valid signature. */
export const signMessages = (session: Session, publicKey: Uint8Array, messages: ReadonlyArray<Uint8Array>) =>
  Effect.gen(function*() {
    const answer = yield* session.request(
      "sign_messages",
      { addresses: [base64.encode(publicKey)], payloads: messages.map((message) => base64.encode(message)) },
      MwaRpc.SignMessagesResult
    )
    if (answer.signed_payloads.length !== messages.length) return yield* malformed("The wallet signed another number of messages than asked")
    return yield* Effect.forEach(messages, (message, index) => {
      const signed = base64.decode(answer.signed_payloads[index] ?? "")
      const signature = signed.subarray(message.length)
      const same = signed.length === message.length + signatureLength && signed.subarray(0, message.length).every((byte, at) => byte === message[at])
      return same && ed25519.verify(signature, message, publicKey)
        ? Effect.succeed({ signedMessage: message, signature: Uint8Array.from(signature) })
        : Effect.fail(malformed("The wallet's signature does not verify for the message and account"))
    })
  })

export interface SendOptions {
  readonly commitment?: "processed" | "confirmed" | "finalized"
  readonly skip_preflight?: boolean
  readonly min_context_slot?: number
  readonly max_retries?: number
}

/** Signs and sends transactions; one 64-byte signature comes back for each. */
export const signAndSendTransactions = (session: Session, transactions: ReadonlyArray<Uint8Array>, options: SendOptions) =>
  Effect.gen(function*() {
    const answer = yield* session.request(
      "sign_and_send_transactions",
      { payloads: transactions.map((transaction) => base64.encode(transaction)), options },
      MwaRpc.SignAndSendResult
    )
    const signatures = answer.signatures.map((signature) => base64.decode(signature))
    if (signatures.length !== transactions.length || signatures.some((signature) => signature.length !== signatureLength)) {
      return yield* malformed("The wallet did not answer one signature per transaction")
    }
    return signatures
  })
