/**
 * The random values the embedded wallet's server hands out (ids, refresh tokens, device approval
 * tokens) and the digests it keeps of them instead: a database dump holds no usable token.
 */
import { equalBytes } from "@noble/ciphers/utils"
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from "@noble/hashes/utils"
import { base64urlnopad } from "@scure/base"

/** 128 random bits, hex: the ids of visitors, sessions and attempts. */
export const randomId = (): string => bytesToHex(randomBytes(16))

/** 256 random bits, base64url without padding (43 characters): refresh and approval tokens. */
export const randomToken = (): string => base64urlnopad.encode(randomBytes(32))

/**
 * SHA-256 hex of a token. Tokens carry 256 random bits, so a plain hash stores them safely and can be
 * looked up by value (its timing reveals nothing about a token nobody can guess).
 */
export const digest = (token: string): string => bytesToHex(sha256(utf8ToBytes(token)))

/** Constant-time equality of two hex digests. */
export const sameDigest = (a: string, b: string): boolean =>
  a.length === b.length && a.length % 2 === 0 && /^[0-9a-f]*$/.test(a) && /^[0-9a-f]*$/.test(b) && equalBytes(hexToBytes(a), hexToBytes(b))
