/**
 * Clients connect with `?auth=<JWT>`: an EdDSA token signed by the client's ed25519 key, whose issuer
 * (`did:key:…`) is the client id. The relay checks the signature and the expiry against its own clock
 * with the same module the clients sign with (core/walletconnect/RelayAuth.ts); the issuer then names
 * the client for per-client delivery bookkeeping.
 */
import * as Result from "effect/Result"
import { verify } from "../../core/walletconnect/RelayAuth.ts"

/** Returns the client id of a valid, unexpired token, or why it was refused. */
export const authenticate = (token: string | null, nowMs: number): Result.Result<string, string> =>
  token === null || token === "" ? Result.fail("missing auth token") : verify(token, nowMs)
