/**
 * What the wallet's EVM account signs to replace the key shares the server keeps
 * (docs/embedded-wallet.md "Replacing the shares"): EIP-712 typed data in a domain reserved for the
 * embedded wallet — no chain id and no verifying contract, so no site's signature request can name it by
 * accident — carrying the visitor, a single-use nonce the server issued to the visitor's session, and the
 * SHA-256 of the new set's canonical JSON (ShareSet.ts).
 *
 * The frame signs it only from its own recovery path and refuses any site's request that uses the
 * reserved domain name or the legacy `Portico:` text prefix (`isReservedTypedData`, `isReservedText`), so
 * a signature a site obtains can never serve as a replacement.
 */
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils"
import type { WireShareSet } from "./ShareSet.ts"
import { canonicalJson } from "./ShareSet.ts"

/** The reserved EIP-712 domain: a name and version only. */
export const domain = { name: "Portico Embedded Wallet", version: "1" } as const

export const types = {
  ReplaceKeyShares: [
    { name: "visitorId", type: "string" },
    { name: "nonce", type: "string" },
    { name: "shareSetHash", type: "bytes32" }
  ]
} as const

export const primaryType = "ReplaceKeyShares"

/** The text prefix of the replacement message before EIP-712 (a personal_sign): refused in any site's request. */
export const legacyPrefix = "Portico:"

export interface ReplacementAuthorization {
  readonly visitorId: string
  /** Issued by the server to this visitor's session, for one replacement. */
  readonly nonce: string
}

/** The 0x-prefixed SHA-256 of the set's canonical JSON. */
export const shareSetHash = (set: WireShareSet): `0x${string}` => `0x${bytesToHex(sha256(utf8ToBytes(canonicalJson(set))))}`

/** The typed data the EVM account signs to replace the server's shares with `set`. */
export const typedData = (authorization: ReplacementAuthorization, set: WireShareSet) => ({
  domain,
  types,
  primaryType,
  message: { visitorId: authorization.visitorId, nonce: authorization.nonce, shareSetHash: shareSetHash(set) }
}) as const

/** Case, surrounding spaces and Unicode compatibility forms do not make another name. */
const fold = (text: string): string => text.normalize("NFKC").trim().toLowerCase()

/** Does a site's typed data use the reserved domain name? */
export const isReservedTypedData = (typedDomain: Readonly<Record<string, unknown>>): boolean => {
  const name = typedDomain["name"]
  return typeof name === "string" && fold(name) === fold(domain.name)
}

/** Does a site's message text start with the legacy prefix (after any leading spaces, in any case)? */
export const isReservedText = (text: string): boolean => fold(text).startsWith(fold(legacyPrefix))
