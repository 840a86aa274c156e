/**
 * Who may open a socket: a client connects with `?auth=<JWT>`, an EdDSA token signed by its ed25519 key
 * whose issuer (`did:key:…`) is the client id. The relay checks it with the module the clients sign with
 * (core/walletconnect/RelayAuth.ts): the signature, the expiry on the relay's clock, and the audience,
 * which must be this relay's own public URL (a token minted for another relay is refused).
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { verify } from "../../core/walletconnect/RelayAuth.ts"

/** The `auth` query parameter of the upgrade request, null when absent or the URL is unreadable. */
const authToken = (url: string | undefined): string | null => {
  try {
    return new URL(url ?? "/", "ws://relay").searchParams.get("auth")
  } catch {
    return null
  }
}

/** The client id of the upgrade request's token, or why it is refused. */
export const authenticate = (requestUrl: string | undefined, relayUrl: string, nowMs: number): Result.Result<string, RelayAuthError> => {
  const token = authToken(requestUrl)
  if (token === null || token === "") return Result.fail(new RelayAuthError({ message: "missing auth token" }))
  return Result.mapError(verify(token, { nowMs, audience: relayUrl }), (message) => new RelayAuthError({ message }))
}

/** The upgrade's token is missing, malformed, forged, expired or for another relay: answered HTTP 401. */
export class RelayAuthError extends Schema.TaggedError<RelayAuthError>()("RelayAuthError", {
  message: Schema.String
}) {}
