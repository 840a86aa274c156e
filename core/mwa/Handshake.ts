/**
 * Session establishment (MWA 2.0, "HELLO_REQ" and "HELLO_RSP"). The dapp sends its ephemeral ECDH point
 * Qd signed by the association key (ECDSA-SHA256, P1363 r‖s); the wallet answers with its point Qw and,
 * when the URI named a version, the session properties sealed under the new key. Both sides derive the
 * AES-128 key by ECDH then HKDF-SHA256 with Qa, the association public point, as the salt. The wallet's
 * half lives here too (the sandbox's wallet speaks it) so both ends read one definition of the format.
 */
import { p256 } from "@noble/curves/nist"
import { hkdf } from "@noble/hashes/hkdf"
import { sha256 } from "@noble/hashes/sha2"
import { concatBytes } from "@noble/hashes/utils"

/** An uncompressed X9.62 P-256 point: 0x04 ‖ x ‖ y. */
export const pointLength = 65
const signatureLength = 64
const keyLength = 16

export interface EcdhKeys {
  readonly privateKey: Uint8Array
  readonly publicKey: Uint8Array
}

export const ecdhKeys = (): EcdhKeys => {
  const privateKey = p256.utils.randomPrivateKey()
  return { privateKey, publicKey: p256.getPublicKey(privateKey, false) }
}

/** Whether bytes are an uncompressed point on P-256 (not the identity, not off the curve). */
export const isPoint = (bytes: Uint8Array): boolean => {
  if (bytes.length !== pointLength || bytes[0] !== 4) return false
  try {
    p256.ProjectivePoint.fromHex(bytes).assertValidity()
    return true
  } catch {
    return false
  }
}

/** HELLO_REQ: Qd ‖ Sa, Sa the association key's signature of Qd. */
export const helloRequest = (associationPrivateKey: Uint8Array, dapp: EcdhKeys): Uint8Array =>
  concatBytes(dapp.publicKey, p256.sign(dapp.publicKey, associationPrivateKey, { prehash: true }).toCompactRawBytes())

/** The wallet's check of HELLO_REQ: Qd when the association key signed it, else undefined. */
export const verifyHelloRequest = (message: Uint8Array, associationPublicKey: Uint8Array): Uint8Array | undefined => {
  if (message.length !== pointLength + signatureLength) return undefined
  const point = message.subarray(0, pointLength)
  const signature = message.subarray(pointLength)
  if (!isPoint(point)) return undefined
  try {
    return p256.verify(signature, point, associationPublicKey, { prehash: true, format: "compact" }) ? point : undefined
  } catch {
    return undefined
  }
}

/** HELLO_RSP split into Qw and the sealed session properties (empty for a legacy wallet); undefined when Qw is no point. */
export const readHelloResponse = (message: Uint8Array): { readonly walletPoint: Uint8Array; readonly properties: Uint8Array } | undefined => {
  const walletPoint = message.subarray(0, pointLength)
  return isPoint(walletPoint) ? { walletPoint, properties: message.subarray(pointLength) } : undefined
}

/** The session's AES-128 key: HKDF-SHA256(ikm = ECDH x-coordinate, salt = Qa, no info, 16 bytes). */
export const sessionKey = (ownPrivateKey: Uint8Array, peerPoint: Uint8Array, associationPublicKey: Uint8Array): Uint8Array => {
  const shared = p256.getSharedSecret(ownPrivateKey, peerPoint, true).subarray(1)
  return hkdf(sha256, shared, associationPublicKey, new Uint8Array(0), keyLength)
}
