/**
 * The keys of WalletConnect v2: every topic is encrypted with a 32-byte symmetric key, random for a
 * pairing and agreed by X25519 + HKDF-SHA256 for a session, and the topic is named after its key
 * (sha256, hex). Primitives come from @noble (audited); keys travel as hex.
 */
import { x25519 } from "@noble/curves/ed25519"
import { hkdf } from "@noble/hashes/hkdf"
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex, hexToBytes, randomBytes } from "@noble/hashes/utils"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "../FixedMessage.ts"

/** 32 bytes as 64 lowercase hex digits: symmetric keys, X25519 keys and topics. */
export const Hex32 = Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/))

export interface KeyPair {
  readonly privateKey: string
  readonly publicKey: string
}

export const generateSymKey = (): string => bytesToHex(randomBytes(32))

/** The topic a key encrypts: sha256 of the key. */
export const topicOf = (symKey: string): string => bytesToHex(sha256(hexToBytes(symKey)))

export const generateKeyPair = (): KeyPair => {
  const privateKey = x25519.utils.randomPrivateKey()
  return { privateKey: bytesToHex(privateKey), publicKey: bytesToHex(x25519.getPublicKey(privateKey)) }
}

/**
 * The session key both sides derive from their own private key and the peer's public key. A peer key
 * that is not 32 hex bytes, or a low-order point (which would make the shared secret guessable), fails.
 */
export const agree = (privateKey: string, peerPublicKey: string): Effect.Effect<string, PeerKeyError> =>
  Effect.try({
    try: () => {
      if (!Schema.is(Hex32)(peerPublicKey)) throw new Error("not 32 hex bytes")
      const shared = x25519.getSharedSecret(hexToBytes(privateKey), hexToBytes(peerPublicKey))
      return bytesToHex(hkdf(sha256, shared, undefined, undefined, 32))
    },
    catch: () => new PeerKeyError()
  })

export class PeerKeyError extends Schema.TaggedError<PeerKeyError>()("PeerKeyError", {
  message: fixed("The peer's public key is not a usable X25519 key")
}) {}
