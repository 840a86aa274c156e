/**
 * The checkout URL's signed part: a JWT (HS256, jose) under the secret Portico shares with the provider,
 * carried as `?session=` on the provider's checkout URL. Chosen over an HMAC of the query string because
 * the claims travel as one signed value: no canonicalisation of parameters (order, encoding, duplicates)
 * can make a tampered URL verify, and jose pins the algorithm, checks the signature in constant time and
 * enforces the expiry, issuer and audience (the provider's id) in one audited call.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { errors, jwtVerify, SignJWT } from "jose"
import { FiatText, TokenText } from "./ProviderProtocol.ts"

/** A checkout URL is good for ten minutes. */
export const ttlSeconds = 10 * 60

const issuer = "portico"

/** What the checkout needs besides the standard claims (snake_case, as the provider reads it). */
export const CheckoutOrder = Schema.Struct({
  destination_address: Schema.String,
  /** The decimal EVM chain id and the network's name in the provider's options. */
  chain_id: Schema.String,
  network: Schema.String,
  /** The purchase currency's id in the provider's options (ETH, USDC). */
  asset: Schema.String,
  payment_currency: Schema.String,
  /** At least one of the two; the fiat amount wins when both are given. */
  preset_fiat_amount: Schema.optionalKey(FiatText),
  preset_crypto_amount: Schema.optionalKey(TokenText),
  /** The provider's quote Portico showed for this order (echoed in the purchase callback). */
  quote_id: Schema.String,
  partner_user_id: Schema.String
})
export type CheckoutOrder = typeof CheckoutOrder.Type

const Claims = Schema.Struct({ ...CheckoutOrder.fields, jti: Schema.String, exp: Schema.Int })
export type CheckoutClaims = typeof Claims.Type

const keyOf = (secret: string) => new TextEncoder().encode(secret)

/** The signed session for `provider`'s checkout, expiring `ttlSeconds` after `nowSeconds`. */
export const sign = (secret: string, provider: string, order: CheckoutOrder, nowSeconds: number): Promise<string> =>
  new SignJWT({ ...order })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(issuer)
    .setAudience(provider)
    .setJti(crypto.randomUUID())
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ttlSeconds)
    .sign(keyOf(secret))

export type Verified =
  | { readonly _tag: "Valid"; readonly claims: CheckoutClaims }
  | { readonly _tag: "Expired" }
  | { readonly _tag: "Invalid" }

const decodeClaims = Schema.decodeUnknownOption(Claims)

/** The session's claims if it is signed with `secret` for `provider` and unexpired at `now`. */
export const verify = async (secret: string, provider: string, token: string, now: Date): Promise<Verified> => {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ["HS256"], issuer, audience: provider, currentDate: now })
    const claims = decodeClaims(payload)
    return Option.isSome(claims) ? { _tag: "Valid", claims: claims.value } : { _tag: "Invalid" }
  } catch (error) {
    // jose checks the signature before the claims, so only a genuine session can be "expired".
    return error instanceof errors.JWTExpired ? { _tag: "Expired" } : { _tag: "Invalid" }
  }
}
