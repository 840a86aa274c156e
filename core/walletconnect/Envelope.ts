/**
 * The envelopes WalletConnect messages travel in, base64. Type 0: one type byte, a random 12-byte nonce
 * and the ChaCha20-Poly1305 ciphertext of the JSON-RPC text under the topic's key. Type 1 (the answer to
 * `wc_sessionAuthenticate`) also carries the sender's X25519 public key after the type byte, because the
 * receiver knows only its own key pair and agrees the key from it. Opening authenticates: a message
 * altered, truncated, of another type or sealed under another key is refused.
 */
import { chacha20poly1305 } from "@noble/ciphers/chacha"
import { bytesToHex, concatBytes, hexToBytes, randomBytes } from "@noble/hashes/utils"
import { base64 } from "@scure/base"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

const typeZero = 0
const typeOne = 1
const keyLength = 32
const nonceLength = 12
const tagLength = 16

const sealBytes = (symKey: string, plaintext: string): Uint8Array => {
  const nonce = randomBytes(nonceLength)
  return concatBytes(nonce, chacha20poly1305(hexToBytes(symKey), nonce).encrypt(new TextEncoder().encode(plaintext)))
}

export const seal = (symKey: string, plaintext: string): string => base64.encode(concatBytes(Uint8Array.of(typeZero), sealBytes(symKey, plaintext)))

/** A type 1 envelope: `senderPublicKey` (our own, from SymKey.generateKeyPair) is the key the receiver agrees `symKey` with. */
export const sealFromSender = (symKey: string, senderPublicKey: string, plaintext: string): string =>
  base64.encode(concatBytes(Uint8Array.of(typeOne), hexToBytes(senderPublicKey), sealBytes(symKey, plaintext)))

const failure = (cause: unknown) =>
  new EnvelopeError({ message: `Could not open a message: ${cause instanceof Error ? cause.message : "unreadable"}` })

/** The envelope's bytes, refused unless of `type` and long enough for its header, nonce and tag. */
const bytesOf = (message: string, type: number): Uint8Array => {
  const bytes = base64.decode(message)
  const header = type === typeOne ? 1 + keyLength : 1
  if (bytes[0] !== type) throw new Error(`envelope type ${bytes[0] ?? "missing"}, expected ${type}`)
  if (bytes.length < header + nonceLength + tagLength) throw new Error("too short")
  return bytes
}

const openBytes = (symKey: string, sealed: Uint8Array): string => {
  const plain = chacha20poly1305(hexToBytes(symKey), sealed.subarray(0, nonceLength)).decrypt(sealed.subarray(nonceLength))
  return new TextDecoder("utf-8", { fatal: true }).decode(plain)
}

export const open = (symKey: string, message: string): Effect.Effect<string, EnvelopeError> =>
  Effect.try({ try: () => openBytes(symKey, bytesOf(message, typeZero).subarray(1)), catch: failure })

/** The sender's public key a type 1 envelope carries, to agree the key it is sealed under. */
export const senderOf = (message: string): Effect.Effect<string, EnvelopeError> =>
  Effect.try({ try: () => bytesToHex(bytesOf(message, typeOne).subarray(1, 1 + keyLength)), catch: failure })

/** Opens a type 1 envelope with the key agreed from its sender's public key (senderOf). */
export const openFromSender = (symKey: string, message: string): Effect.Effect<string, EnvelopeError> =>
  Effect.try({ try: () => openBytes(symKey, bytesOf(message, typeOne).subarray(1 + keyLength)), catch: failure })

export class EnvelopeError extends Schema.TaggedError<EnvelopeError>()("EnvelopeError", {
  message: Schema.String
}) {}
