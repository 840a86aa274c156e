/**
 * The access tokens of embedded sessions: JWTs signed with HS256 under `ServerOptions.embedded.sessionKey`
 * by `jose`, valid 15 minutes, naming the visitor (`sub`), the project (`aud`) and the session (`sid`).
 * The signature and the times alone do not make a token valid: the session it names is checked in the
 * database on every call (Visitors.ts), so a revocation holds at once.
 */
import { errors, jwtVerify, SignJWT } from "jose"
import * as Effect from "effect/Effect"
import { SessionExpired } from "../../api/EmbeddedApi.ts"

export const accessTokenSeconds = 15 * 60
const issuer = "portico/embedded"

export interface AccessClaims {
  readonly visitorId: string
  readonly sessionId: string
  readonly projectId: string
}

export interface AccessTokens {
  /** A token issued at `nowMillis`, and when it expires (epoch milliseconds). */
  readonly sign: (claims: AccessClaims, nowMillis: number) => Effect.Effect<{ readonly token: string; readonly expiresAt: number }>
  /** The claims of a token valid for this project at `nowMillis`; anything else (forged, expired, another project's) is refused. */
  readonly verify: (token: string, projectId: string, nowMillis: number) => Effect.Effect<AccessClaims, SessionExpired>
}

export const make = (key: Uint8Array): AccessTokens => ({
  sign: (claims, nowMillis) =>
    Effect.promise(async () => {
      const issuedAt = Math.floor(nowMillis / 1000)
      const expiresAt = issuedAt + accessTokenSeconds
      const token = await new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(issuer)
        .setSubject(claims.visitorId)
        .setAudience(claims.projectId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key)
      return { token, expiresAt: expiresAt * 1000 }
    }),
  verify: (token, projectId, nowMillis) =>
    Effect.flatMap(
      Effect.tryPromise({
        try: () =>
          jwtVerify(token, key, {
            algorithms: ["HS256"],
            issuer,
            audience: projectId,
            currentDate: new Date(nowMillis),
            requiredClaims: ["sub", "sid", "exp", "iat"]
          }),
        // Every failure of jose's checks (signature, algorithm, claims, times, format) is a token we refuse.
        catch: (error) =>
          error instanceof errors.JWTExpired
            ? new SessionExpired({ reason: "expired", message: "authorization: the access token has expired" })
            : new SessionExpired({ reason: "invalid", message: "authorization: not a valid access token" })
      }),
      ({ payload }) =>
        typeof payload.sub === "string" && typeof payload["sid"] === "string"
          ? Effect.succeed({ visitorId: payload.sub, sessionId: payload["sid"], projectId })
          : Effect.fail(new SessionExpired({ reason: "invalid", message: "authorization: not a valid access token" }))
    )
})
