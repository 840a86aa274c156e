/**
 * Clients connect with `?auth=<JWT>`: an EdDSA token signed by the client's ed25519 key, whose issuer
 * (`did:key:…`) is the client id. The relay checks the signature with `@walletconnect/relay-auth` and the
 * expiry against its own clock; the issuer then names the client for per-client delivery bookkeeping.
 */
import { decodeJWT, verifyJWT } from "@walletconnect/relay-auth"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

const Claims = Schema.Struct({
  iss: Schema.String.check(Schema.isStartingWith("did:key:")),
  exp: Schema.Number
})
const decodeClaims = Schema.decodeUnknownResult(Claims)

/** Returns the client id of a valid, unexpired token, or why it was refused. */
export const authenticate = async (token: string | null, nowMs: number): Promise<Result.Result<string, string>> => {
  if (token === null || token === "") return Result.fail("missing auth token")
  try {
    if (!(await verifyJWT(token))) return Result.fail("bad token signature")
    const claims = decodeClaims(decodeJWT(token).payload)
    if (Result.isFailure(claims)) return Result.fail("malformed token claims")
    if (claims.success.exp * 1000 <= nowMs) return Result.fail("expired token")
    return Result.succeed(claims.success.iss)
  } catch {
    return Result.fail("malformed token")
  }
}
