/**
 * The envelope every WalletConnect message travels in (type 0): one type byte, a random 12-byte nonce
 * and the ChaCha20-Poly1305 ciphertext of the JSON-RPC text under the topic's key, base64. Opening
 * authenticates: a message altered, truncated or sealed under another key is refused. Type 1 envelopes
 * (which carry the sender's key, for the authenticate flow) are not spoken here and are refused too.
 */
import { chacha20poly1305 } from "@noble/ciphers/chacha"
import { concatBytes, hexToBytes, randomBytes } from "@noble/hashes/utils"
import { base64 } from "@scure/base"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

const typeZero = 0
const nonceLength = 12
const tagLength = 16

export const seal = (symKey: string, plaintext: string): string => {
  const nonce = randomBytes(nonceLength)
  const sealed = chacha20poly1305(hexToBytes(symKey), nonce).encrypt(new TextEncoder().encode(plaintext))
  return base64.encode(concatBytes(Uint8Array.of(typeZero), nonce, sealed))
}

export const open = (symKey: string, message: string): Effect.Effect<string, EnvelopeError> =>
  Effect.try({
    try: () => {
      const bytes = base64.decode(message)
      if (bytes.length < 1 + nonceLength + tagLength) throw new Error("too short")
      if (bytes[0] !== typeZero) throw new Error(`envelope type ${bytes[0]}`)
      const nonce = bytes.subarray(1, 1 + nonceLength)
      const plain = chacha20poly1305(hexToBytes(symKey), nonce).decrypt(bytes.subarray(1 + nonceLength))
      return new TextDecoder("utf-8", { fatal: true }).decode(plain)
    },
    catch: (cause) =>
      new EnvelopeError({ message: `Could not open a message: ${cause instanceof Error ? cause.message : "unreadable"}` })
  })

export class EnvelopeError extends Schema.TaggedError<EnvelopeError>()("EnvelopeError", {
  message: Schema.String
}) {}
