/**
 * Relay authentication: a client proves it holds an ed25519 key by connecting with a JWT (EdDSA) it
 * signed itself; the key's `did:key` is its client id. The client signs, the relay verifies: both
 * with @noble/curves.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { bytesToHex, concatBytes, hexToBytes, randomBytes } from "@noble/hashes/utils"
import { base58, base64urlnopad } from "@scure/base"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

/** The multicodec prefix of an ed25519 public key in a did:key. */
const ed25519Codec = Uint8Array.of(0xed, 0x01)
const didPrefix = "did:key:z"

export const generateSeed = (): string => bytesToHex(randomBytes(32))

export const clientIdOf = (publicKey: Uint8Array): string => didPrefix + base58.encode(concatBytes(ed25519Codec, publicKey))

/** The public key a `did:key` names, when it names an ed25519 key. */
const publicKeyOf = (did: string): Uint8Array | undefined => {
  if (!did.startsWith(didPrefix)) return undefined
  try {
    const bytes = base58.decode(did.slice(didPrefix.length))
    return bytes.length === 34 && bytes[0] === 0xed && bytes[1] === 0x01 ? bytes.subarray(2) : undefined
  } catch {
    return undefined
  }
}

const json = (value: unknown): string => base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(value)))

export interface TokenClaims {
  /** The relay URL the token is for. */
  readonly audience: string
  /** Seconds since the epoch. */
  readonly issuedAt: number
  readonly ttlSeconds: number
}

export interface TokenOptions extends TokenClaims {
  /** The client's ed25519 seed, hex. */
  readonly seed: string
}

/**
 * Signs tokens for the client with this seed. Its public key is worked out here, once: the curve's first use
 * builds its tables (tens of milliseconds in a browser), so a client made ahead (the visitor pointing at
 * WalletConnect) connects on the click without that wait.
 */
export const signer = (seedHex: string): ((claims: TokenClaims) => string) => {
  const seed = hexToBytes(seedHex)
  const issuer = clientIdOf(ed25519.getPublicKey(seed))
  return ({ audience, issuedAt, ttlSeconds }) => {
    const header = json({ alg: "EdDSA", typ: "JWT" })
    const payload = json({ iss: issuer, sub: bytesToHex(randomBytes(32)), aud: audience, iat: issuedAt, exp: issuedAt + ttlSeconds })
    const data = `${header}.${payload}`
    return `${data}.${base64urlnopad.encode(ed25519.sign(new TextEncoder().encode(data), seed))}`
  }
}

export const sign = (options: TokenOptions): string => signer(options.seed)(options)

const Header = Schema.Struct({ alg: Schema.Literal("EdDSA"), typ: Schema.Literal("JWT") })
const Claims = Schema.Struct({ iss: Schema.String, exp: Schema.Number, aud: Schema.String })

const readPart = (part: string): unknown => {
  try {
    return JSON.parse(new TextDecoder().decode(base64urlnopad.decode(part)))
  } catch {
    return undefined
  }
}
const isHeader = Schema.is(Header)
const decodeClaims = Schema.decodeUnknownOption(Claims)

/**
 * Whether a token's audience names the relay at `relayUrl`: the same scheme, host and port and the same
 * path, a trailing slash aside (clients send the relay URL they were configured with, as written).
 */
export const sameRelayUrl = (audience: string, relayUrl: string): boolean => {
  const expected = relayAddress(relayUrl)
  return expected !== undefined && relayAddress(audience) === expected
}

const relayAddress = (text: string): string | undefined => {
  try {
    const url = new URL(text)
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`
  } catch {
    return undefined
  }
}

export interface VerifyOptions {
  /** Milliseconds since the epoch, on the verifier's clock. */
  readonly nowMs: number
  /** The verifying relay's own URL: a token for another relay (its `aud`) is refused. */
  readonly audience: string
}

/** The client id of a token whose signature holds, for this relay, unexpired at `nowMs`; or why not. */
export const verify = (token: string, options: VerifyOptions): Result.Result<string, string> => {
  const parts = token.split(".")
  const [header, payload, signature] = parts
  if (parts.length !== 3 || header === undefined || payload === undefined || signature === undefined) return Result.fail("malformed token")
  const claims = decodeClaims(readPart(payload))
  if (!isHeader(readPart(header)) || Option.isNone(claims)) return Result.fail("malformed token")
  const publicKey = publicKeyOf(claims.value.iss)
  if (publicKey === undefined) return Result.fail("the issuer is not an ed25519 did:key")
  let valid = false
  try {
    valid = ed25519.verify(base64urlnopad.decode(signature), new TextEncoder().encode(`${header}.${payload}`), publicKey)
  } catch {
    valid = false
  }
  if (!valid) return Result.fail("bad token signature")
  if (claims.value.exp * 1000 <= options.nowMs) return Result.fail("expired token")
  if (!sameRelayUrl(claims.value.aud, options.audience)) return Result.fail("the token is for another relay")
  return Result.succeed(claims.value.iss)
}
