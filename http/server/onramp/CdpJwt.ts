/**
 * The bearer token of Coinbase Developer Platform (CDP) REST calls, as CDP documents it: a JWT signed with
 * the secret API key, valid two minutes, naming the one request it is for. Header `{ alg, kid: <key name>,
 * typ: "JWT", nonce: <random hex> }`; claims `{ iss: "cdp", sub: <key name>, nbf, exp, uri: "<METHOD>
 * <host><path>" }`. ES256 for an EC key (PEM, SEC1 or PKCS#8), EdDSA for an Ed25519 key (base64 of its
 * 64 bytes: seed then public key). Signed with jose; the sandbox's Coinbase stand-in verifies with the
 * same module, so a token for another request, another key or an expired one is refused there as at CDP.
 */
import { createPrivateKey, randomBytes, type KeyObject } from "node:crypto"
import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose"

/** A CDP token lives two minutes. */
export const ttlSeconds = 120

export interface CdpKey {
  readonly name: string
  readonly key: KeyObject
  readonly alg: "ES256" | "EdDSA"
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url")

/** The configured key secret as a signing key; throws on anything that is neither form. */
export const importKey = (name: string, secret: string): CdpKey => {
  const trimmed = secret.trim()
  if (trimmed.startsWith("-----BEGIN")) {
    const key = createPrivateKey(trimmed.replace(/\\n/g, "\n"))
    if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") {
      throw new RangeError("onramp: a CDP PEM key must be an EC P-256 key")
    }
    return { name, key, alg: "ES256" }
  }
  const bytes = Buffer.from(trimmed, "base64")
  if (bytes.length !== 64) throw new RangeError("onramp: a CDP Ed25519 key is the base64 of 64 bytes")
  const key = createPrivateKey({
    key: { kty: "OKP", crv: "Ed25519", d: base64url(bytes.subarray(0, 32)), x: base64url(bytes.subarray(32)) },
    format: "jwk"
  })
  return { name, key, alg: "EdDSA" }
}

/** The `uri` claim of a request: `POST api.developer.coinbase.com/onramp/v1/token`. */
export const uriOf = (method: string, url: URL): string => `${method} ${url.host}${url.pathname}`

export const sign = (key: CdpKey, method: string, url: URL, nowSeconds: number): Promise<string> =>
  new SignJWT({ uri: uriOf(method, url) })
    .setProtectedHeader({ alg: key.alg, kid: key.name, typ: "JWT", nonce: randomBytes(16).toString("hex") })
    .setIssuer("cdp")
    .setSubject(key.name)
    .setNotBefore(nowSeconds)
    .setExpirationTime(nowSeconds + ttlSeconds)
    .sign(key.key)

/** Whether `token` is signed by the key `name` (its public half) for exactly `uri`, and current at `now`. */
export const verify = async (token: string, name: string, publicKey: KeyObject, uri: string, now: Date): Promise<boolean> => {
  try {
    if (decodeProtectedHeader(token).kid !== name) return false
    const { payload } = await jwtVerify(token, publicKey, { algorithms: ["ES256", "EdDSA"], issuer: "cdp", subject: name, currentDate: now })
    const lifetime = (payload.exp ?? 0) - (payload.nbf ?? 0)
    return payload.uri === uri && lifetime > 0 && lifetime <= ttlSeconds
  } catch {
    // A malformed, foreign, expired or not-yet-valid token: refused like a wrong signature.
    return false
  }
}
