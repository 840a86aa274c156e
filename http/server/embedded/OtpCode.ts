/**
 * The 6-digit codes of email login and email update: drawn uniformly, stored only as an HMAC-SHA256
 * keyed by a server secret over the attempt id and the code (a dump of the database alone cannot test
 * the million candidates), checked in constant time.
 */
import { hmac } from "@noble/hashes/hmac"
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex, randomBytes, utf8ToBytes } from "@noble/hashes/utils"
import { sameDigest } from "./Secrets.ts"

export const codeLength = 6
const range = 10 ** codeLength
/** The largest multiple of `range` below 2^32: draws at or above it are redrawn, so every code is equally likely. */
const limit = Math.floor(2 ** 32 / range) * range

export const generate = (): string => {
  for (;;) {
    const bytes = randomBytes(4)
    const value = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0)
    if (value < limit) return String(value % range).padStart(codeLength, "0")
  }
}

export const digest = (key: Uint8Array, attemptId: string, code: string): string =>
  bytesToHex(hmac(sha256, key, utf8ToBytes(`${attemptId}:${code}`)))

/** Does `code` match the digest stored for this attempt? */
export const matches = (key: Uint8Array, attemptId: string, code: string, stored: string): boolean =>
  sameDigest(digest(key, attemptId, code), stored)
