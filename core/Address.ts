/**
 * Address validation per chain namespace (spec §5).
 *
 * - eip155: 40 hex characters with an optional `0x` prefix; strict mode also checks the
 *   EIP-55 checksum (an all-lowercase address carries no checksum and passes, as in viem).
 * - solana: 32 to 44 base58 characters; strict mode also requires the characters to decode
 *   to exactly 32 bytes (a public key).
 * - every other namespace is invalid.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"
import { keccak256, stringToBytes } from "viem"

export interface ValidateOptions {
  /** eip155: verify the EIP-55 checksum. solana: verify the value decodes to 32 bytes. */
  readonly strict?: boolean
}

const evmHex = /^(?:0x)?[0-9a-fA-F]{40}$/
const base58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

/** EIP-55: uppercase each hex letter whose nibble in keccak256(lowercase hex) is >= 8. */
export const toChecksum = (address: string): `0x${string}` => {
  const hex = address.replace(/^0x/, "").toLowerCase()
  const hash = keccak256(stringToBytes(hex), "bytes")
  let out = ""
  for (let i = 0; i < hex.length; i++) {
    const byte = hash[i >> 1] ?? 0
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    const char = hex.charAt(i)
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return `0x${out}`
}

const isEvmAddress = (address: string, strict: boolean): boolean => {
  if (!evmHex.test(address)) return false
  const hex = address.replace(/^0x/, "")
  if (!strict || hex === hex.toLowerCase()) return true
  return toChecksum(hex).slice(2) === hex
}

/** Number of bytes a base58 string decodes to: one per leading '1', plus the big number's bytes. */
const base58ByteLength = (text: string): number => {
  let zeros = 0
  while (text.charAt(zeros) === "1") zeros++
  let value = 0n
  for (const char of text.slice(zeros)) value = value * 58n + BigInt(base58Alphabet.indexOf(char))
  return zeros + (value === 0n ? 0 : Math.ceil(value.toString(16).length / 2))
}

const isSolanaAddress = (address: string, strict: boolean): boolean =>
  base58.test(address) && (!strict || base58ByteLength(address) === 32)

export const isValid = (namespace: string, address: string, options: ValidateOptions = {}): boolean => {
  const strict = options.strict ?? false
  switch (namespace) {
    case "eip155":
      return isEvmAddress(address, strict)
    case "solana":
      return isSolanaAddress(address, strict)
    default:
      return false
  }
}

const addressFilter = (namespace: string) =>
  Schema.makeFilter((address: string) => isValid(namespace, address) || `a valid ${namespace} address`)

/** Schemas of the non-strict rules, for decoding addresses at the edges (HTTP, storage). */
export const EvmAddress = Schema.String.check(addressFilter("eip155"))
export const SolanaAddress = Schema.String.check(addressFilter("solana"))

export const validate = (
  namespace: string,
  address: string,
  options: ValidateOptions = {}
): Effect.Effect<string, InvalidAddressError> =>
  isValid(namespace, address, options)
    ? Effect.succeed(address)
    : Effect.fail(new InvalidAddressError({ namespace, address }))

export class InvalidAddressError extends Schema.TaggedError<InvalidAddressError>()("InvalidAddressError", {
  message: fixed("Invalid address"),
  namespace: Schema.String,
  address: Schema.String
}) {}
