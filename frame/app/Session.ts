/**
 * The visitor's session as the frame and its panels hold it (docs/embedded-wallet.md "Sessions"): the
 * server's grant, kept in the device vault (this origin's IndexedDB, partitioned by the host's site), and
 * the bearer token every session call carries.
 *
 * A call answered 401 is refreshed once and sent again; a refresh the server refuses ends the session
 * here too (the tokens are forgotten, the wallet locks, `onExpired` tells the modal). Refresh tokens
 * rotate at each use and a reused one revokes the session, while the frame and a panel may find the
 * access token stale at the same moment: refreshing runs under a Web Lock every document of this origin
 * shares, and whoever comes second takes the grant the first one stored instead of spending the old
 * refresh token again.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { SessionExpired } from "../../http/api/EmbeddedApi.ts"
import type { SessionGrant } from "../../http/api/EmbeddedApi.ts"
import { fixed } from "../../core/FixedMessage.ts"
import { Custody } from "../custody/Custody.ts"
import { DeviceVault, type DeviceVaultError, type StoredSession } from "../custody/DeviceVault.ts"
import { ServerApi } from "./ServerApi.ts"

const lockName = "portico-embedded-session"

/** An access token this close to its expiry is refreshed before use rather than sent to be refused. */
const staleMarginMillis = 5_000

const isExpired = (error: unknown): error is SessionExpired => error instanceof SessionExpired

/** Holds this origin's session lock while `body` runs (where Web Locks exist: secure contexts). */
const exclusively = <A, E, R>(body: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  typeof navigator.locks === "undefined"
    ? body
    : Effect.acquireUseRelease(
      Effect.callback<() => void>((resume) => {
        void navigator.locks.request(lockName, () =>
          new Promise<void>((release) => {
            resume(Effect.succeed(release))
          }))
      }),
      () => body,
      (release) => Effect.sync(release)
    )

export type SessionFailure = SessionEndedError | DeviceVaultError | SessionServerError

export class Session extends Context.Service<Session, {
  /** Keeps a new grant (after a login). */
  readonly start: (grant: typeof SessionGrant.Type) => Effect.Effect<void, DeviceVaultError>
  readonly current: Effect.Effect<Option.Option<StoredSession>, DeviceVaultError>
  /** Runs a session call with `Bearer <access token>`, refreshing the session once when it is refused. */
  readonly authorized: <A, E>(call: (authorization: string) => Effect.Effect<A, E>) => Effect.Effect<A, Exclude<E, SessionExpired> | SessionFailure>
  /** Signs out: the server revokes the session; here the tokens go and the wallet locks, whatever the server said. */
  readonly end: Effect.Effect<void, SessionFailure>
  /**
   * Signs out everywhere: the server revokes every session of the visitor, this one included (refreshed
   * first if need be: it must reach the server); then the tokens go here and the wallet locks.
   */
  readonly endEverywhere: Effect.Effect<void, SessionFailure>
}>()("portico/frame/app/Session") {
  /** `onExpired` runs when the server refused to refresh the session (not on a sign-out). */
  static readonly layer = (onExpired: Effect.Effect<void>) =>
    Layer.effect(
      Session,
      Effect.gen(function*() {
        const vault = yield* DeviceVault
        const custody = yield* Custody
        const api = yield* ServerApi

        const forget = Effect.andThen(vault.removeSession, custody.lock)

        /** The server refused the session: forgotten here too, and the modal is told. */
        const expire = forget.pipe(Effect.andThen(onExpired), Effect.andThen(Effect.fail(new SessionEndedError())))

        const stored = Effect.flatMap(vault.session, (session) => Effect.fromOption(session, () => new SessionEndedError()))

        /** A fresh access token, when `used` is still the stored one: refreshed under the lock, or the grant someone else stored meanwhile. */
        const refreshed = (used: string) =>
          exclusively(Effect.gen(function*() {
            const session = yield* stored
            if (session.accessToken !== used) return session.accessToken
            const grant = yield* api.embedded.sessionRefresh({ query: {}, payload: { refreshToken: session.refreshToken } }).pipe(
              Effect.mapError((error) => (isExpired(error) ? error : new SessionServerError({ cause: error._tag }))),
              Effect.catchIf(isExpired, () => expire)
            )
            yield* vault.storeSession(grant)
            return grant.accessToken
          }))

        const token = Effect.gen(function*() {
          const session = yield* stored
          const now = yield* Clock.currentTimeMillis
          return session.expiresAt - staleMarginMillis > now ? session.accessToken : yield* refreshed(session.accessToken)
        })

        const authorized = <A, E>(call: (authorization: string) => Effect.Effect<A, E>) =>
          Effect.gen(function*() {
            const used = yield* token
            return yield* call(`Bearer ${used}`).pipe(
              Effect.catchIf(isExpired, () => Effect.flatMap(refreshed(used), (fresh) => call(`Bearer ${fresh}`))),
              // Refused again with a token the server itself just issued: the session is gone.
              Effect.catchIf(isExpired, () => expire)
            )
          }) as Effect.Effect<A, Exclude<E, SessionExpired> | SessionFailure>

        const end = Effect.gen(function*() {
          const session = yield* vault.session
          const revoked = Option.isNone(session)
            ? Result.succeed(undefined)
            : yield* api.embedded.sessionRevoke({ query: {}, headers: { authorization: `Bearer ${session.value.accessToken}` } }).pipe(
              Effect.asVoid,
              // Already expired or revoked on the server: signed out all the same.
              Effect.catchIf(isExpired, () => Effect.void),
              Effect.mapError((error) => new SessionServerError({ cause: error._tag })),
              Effect.result
            )
          yield* forget
          if (Result.isFailure(revoked)) return yield* revoked.failure
        })

        const endEverywhere = authorized((authorization) =>
          api.embedded.sessionRevokeAll({ query: {}, headers: { authorization } }).pipe(
            Effect.mapError((error) => (isExpired(error) ? error : new SessionServerError({ cause: error._tag })))
          )
        ).pipe(Effect.andThen(forget))

        return Session.of({
          start: (grant) => vault.storeSession(grant),
          current: vault.session,
          authorized,
          end,
          endEverywhere
        })
      })
    )
}

/** No session, or one the server ended: the visitor signs in again (spec §8 'Session Expired'). */
export class SessionEndedError extends Schema.TaggedError<SessionEndedError>()("SessionEndedError", {
  message: fixed("Session Expired")
}) {}

/** The server could not be asked (unreachable, or an answer that is not its contract's). */
export class SessionServerError extends Schema.TaggedError<SessionServerError>()("SessionServerError", {
  message: fixed("The server could not be reached"),
  /** The failure's tag. */
  cause: Schema.String
}) {}
