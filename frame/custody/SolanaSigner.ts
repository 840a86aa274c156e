/**
 * What the Solana account signs, ed25519 with the key derived for the call: a message's bytes as they
 * are, and a transaction in `@solana/kit`'s wire format, whose message bytes it signs and whose
 * signature it places in the slot of the account's index among the signers.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { getTransactionDecoder, getTransactionEncoder, signatureBytes, type Transaction } from "@solana/kit"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "../../core/FixedMessage.ts"
import { solanaAddress, withSolanaKey } from "./Accounts.ts"
import type { Seed } from "./Seed.ts"

/** The 64-byte ed25519 signature of `message`. */
export const signMessage = (seed: Seed, message: Uint8Array): Uint8Array =>
  withSolanaKey(seed, (privateKey) => ed25519.sign(message, privateKey))

/** The transaction (wire bytes) with the account's signature in its slot; other signers' slots untouched. */
export const signTransaction = (seed: Seed, wire: Uint8Array): Effect.Effect<Uint8Array, SolanaTransactionError> =>
  Effect.gen(function*() {
    const transaction = yield* Effect.try({
      try: (): Transaction => getTransactionDecoder().decode(wire),
      catch: () => new UndecodableSolanaTransactionError()
    })
    const address = solanaAddress(seed)
    // The decoder keys the signature slots by signer address, in the signers' order in the message.
    if (!Object.hasOwn(transaction.signatures, address)) return yield* new NotASignerError({ address })
    const signature = signatureBytes(signMessage(seed, Uint8Array.from(transaction.messageBytes)))
    return Uint8Array.from(getTransactionEncoder().encode({
      messageBytes: transaction.messageBytes,
      signatures: { ...transaction.signatures, [address]: signature }
    }))
  })

export type SolanaTransactionError = UndecodableSolanaTransactionError | NotASignerError

export class UndecodableSolanaTransactionError extends Schema.TaggedError<UndecodableSolanaTransactionError>()(
  "UndecodableSolanaTransactionError",
  { message: fixed("The transaction is not a Solana transaction in wire format") }
) {}

/** The transaction does not ask this account to sign. */
export class NotASignerError extends Schema.TaggedError<NotASignerError>()("NotASignerError", {
  message: fixed("The transaction does not name this account among its signers"),
  address: Schema.String
}) {}
