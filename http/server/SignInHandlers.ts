/**
 * Sign-in endpoints: nonces (128 bits, single use, 5 minutes, bounded per client: SignInStore.ts), verification of the signed message
 * for the calling page (its Origin names the domain and the URI's origin the message must carry),
 * then a session kept until the message expires (7 days at most), confirmable and revocable by id.
 */
import { createHash } from "node:crypto"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as SignInVerification from "../../core/signin/SignInVerification.ts"
import { BadRequest, NotFound, RateLimited } from "../api/ApiError.ts"
import { PorticoApi } from "../api/PorticoApi.ts"
import { CurrentProject } from "../api/ProjectGuard.ts"
import { SignInNonce, SignInRecord, SignInRefused, SignInRevoked } from "../api/SignInApi.ts"
import * as ClientAddress from "./ClientAddress.ts"
import type { SessionRow, SignInStore } from "./SignInStore.ts"

export const nonceTtlMillis = 5 * 60_000
export const maxSessionMillis = 7 * 24 * 60 * 60_000

export class SignInService extends Context.Service<SignInService, {
  readonly store: SignInStore
  /** CAIP-2 ids of the networks this server reads: the only ones sign-in is accepted on. */
  readonly chains: ReadonlyArray<string>
  readonly signatures: SignInVerification.SignatureVerifier["Service"]
}>()("portico/http/server/SignInService") {}

/** A session's id: the SHA-256 of its signature (the client computes the same to name it). */
export const sessionId = (signature: string): string => createHash("sha256").update(signature).digest("hex")

const record = (row: SessionRow) =>
  new SignInRecord({ id: row.id, chainId: row.chain_id, address: row.address, issuedAt: row.issued_at.toISOString(), expiresAt: row.expires_at.toISOString() })

/** The calling page's origin: a sign-in is always made from a page, so a call without one is refused. */
const pageOrigin = Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
  const origin = request.headers["origin"]
  return origin === undefined || origin === "null"
    ? Effect.fail(new BadRequest({ message: "origin: a sign-in is verified for the page that makes it (Origin header)" }))
    : Effect.succeed(origin)
})

export const SignInHandlers = HttpApiBuilder.group(PorticoApi, "signIn", (handlers) =>
  Effect.gen(function*() {
    const service = yield* SignInService
    const trustedProxies = yield* ClientAddress.TrustedProxies
    const now = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))
    return handlers
      .handle("nonce", () =>
        Effect.gen(function*() {
          const { projectId } = yield* CurrentProject
          const at = yield* now
          const expiresAt = new Date(at.getTime() + nonceTtlMillis)
          const client = ClientAddress.of(yield* HttpServerRequest.HttpServerRequest, trustedProxies)
          const nonce = yield* service.store.issueNonce(projectId, client, at, expiresAt).pipe(
            Effect.mapError((full) => new RateLimited({ message: full.message, retryAfter: full.retryAfter }))
          )
          return new SignInNonce({ nonce, expiresAt: expiresAt.toISOString() })
        }))
      .handle("addSession", ({ payload }) =>
        Effect.gen(function*() {
          const { projectId } = yield* CurrentProject
          const origin = yield* pageOrigin
          const at = yield* now
          const data = yield* SignInVerification.verify(payload, { domain: new URL(origin).host, origin, chains: service.chains }).pipe(
            Effect.provideService(SignInVerification.SignatureVerifier, service.signatures),
            Effect.provideService(SignInVerification.NonceStore, service.store.nonces(projectId, at)),
            Effect.mapError((error) => new SignInRefused({ reason: error.reason, message: error.message }))
          )
          const issuedAt = new Date(data.issuedAt ?? at.toISOString())
          const expiresAt = new Date(Math.min(
            data.expirationTime === undefined ? Number.POSITIVE_INFINITY : Date.parse(data.expirationTime),
            at.getTime() + maxSessionMillis
          ))
          const id = sessionId(payload.signature)
          yield* service.store.saveSession({
            id,
            projectId,
            chainId: data.chainId,
            address: data.accountAddress,
            domain: data.domain,
            message: payload.message,
            signature: payload.signature,
            issuedAt,
            expiresAt
          })
          return record({ id, chain_id: data.chainId, address: data.accountAddress, issued_at: issuedAt, expires_at: expiresAt })
        }))
      .handle("session", ({ params }) =>
        Effect.gen(function*() {
          const row = yield* service.store.findSession((yield* CurrentProject).projectId, params.id, yield* now)
          return row === undefined ? yield* new NotFound({ message: "id: no such sign-in session (never made, revoked or expired)" }) : record(row)
        }))
      .handle("revokeSession", ({ params }) =>
        Effect.gen(function*() {
          const revoked = yield* service.store.revokeSession((yield* CurrentProject).projectId, params.id, yield* now)
          return new SignInRevoked({ revoked })
        }))
  }))
