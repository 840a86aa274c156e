/**
 * The signature of a provider's purchase callback: HMAC-SHA256 of the raw body bytes under the secret
 * Portico and the provider share, as lower-case hex in the `x-onramp-signature` header. Signed over the
 * bytes as sent, so no re-serialisation can change what was signed.
 */
import { timingSafeEqual } from "node:crypto"
import { hmac } from "@noble/hashes/hmac"
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils"

const mac = (secret: string, body: Uint8Array): Uint8Array => hmac(sha256, utf8ToBytes(secret), body)

export const sign = (secret: string, body: Uint8Array): string => bytesToHex(mac(secret, body))

/** Whether `header` is the body's signature; compared in constant time, malformed headers refused first. */
export const verify = (secret: string, body: Uint8Array, header: string | undefined): boolean => {
  if (header === undefined || !/^[0-9a-f]{64}$/.test(header)) return false
  return timingSafeEqual(hexToBytes(header), mac(secret, body))
}
