/**
 * The embedded wallet's visitors and their sessions (docs/embedded-wallet.md "Sessions"): a visitor is
 * found or created by a proven identity (an email address after its code, or a social provider's subject),
 * and signing in issues a session grant for one device.
 *
 * A session lives 30 days from its last refresh, and 90 days from its sign-in at most. Its access tokens are short JWTs (AccessTokens.ts) and
 * every check also reads the session row, so a revocation holds at once; its refresh tokens are random,
 * stored hashed and rotated at each use, and presenting a rotated one again revokes the session (the
 * token was copied). Time comes from the `Clock` given to `make`, so tests can set it.
 *
 * Provided by Embedded.ts only when `ServerOptions.embedded` is set: handlers take it with
 * `Effect.serviceOption(Visitors)` and answer 501 without it.
 */
import type * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import { LoginProvider } from "../../../core/SocialProvider.ts"
import { EmailInUse, SessionExpired } from "../../api/EmbeddedApi.ts"
import { type Database, type Queryable, rows } from "../Database.ts"
import * as AccessTokens from "./AccessTokens.ts"
import { digest, randomId, randomToken } from "./Secrets.ts"

export interface SessionGrant {
  /** A jose JWT (HS256), 15 minutes. */
  readonly accessToken: string
  /** Random, stored hashed, rotated at each use. */
  readonly refreshToken: string
  /** When the access token expires, epoch milliseconds. */
  readonly expiresAt: number
  readonly visitorId: string
}

export interface SocialIdentity {
  readonly projectId: string
  readonly deviceId: string
  readonly provider: LoginProvider
  /** The provider's stable subject (OIDC `sub`, or the userinfo id). */
  readonly subject: string
  readonly email?: string
  readonly userName?: string
}

/** An email address whose code the visitor just entered on this device. */
export interface EmailIdentity {
  readonly projectId: string
  readonly deviceId: string
  readonly email: string
}

export interface Visitor {
  readonly id: string
  readonly projectId: string
  /** The address the visitor signs in with (email login only). */
  readonly email: string | undefined
  readonly socialProvider: LoginProvider | undefined
  /** The address the social provider reported, shown but never used to sign in. */
  readonly socialEmail: string | undefined
  readonly userName: string | undefined
}

/** A valid session, as an access token names it. */
export interface Session {
  readonly sessionId: string
  readonly visitorId: string
  readonly deviceId: string
  readonly projectId: string
}

export class Visitors extends Context.Service<Visitors, {
  /** Finds or creates the visitor of this provider and subject in this project and signs this device in. */
  readonly signInWithSocial: (identity: SocialIdentity) => Effect.Effect<SessionGrant>
  /** Finds or creates the visitor of this address (case-insensitive) in this project and signs this device in, which is verified from now on. */
  readonly signInWithEmail: (identity: EmailIdentity) => Effect.Effect<SessionGrant>
  readonly find: (visitorId: string) => Effect.Effect<Visitor | undefined>
  readonly findByEmail: (projectId: string, email: string) => Effect.Effect<Visitor | undefined>
  /** Has this device completed an email login of this visitor before? */
  readonly isDeviceVerified: (visitorId: string, deviceId: string) => Effect.Effect<boolean>
  /**
   * Makes `email` the visitor's sign-in address, unless another visitor of the project has it, and ends
   * every session of the visitor but `session`'s (they signed in with the old address).
   */
  readonly changeEmail: (session: Session, email: string) => Effect.Effect<void, EmailInUse>
  /** The session an `Authorization: Bearer …` header names, if it is valid now. */
  readonly authenticate: (projectId: string, authorization: string | undefined) => Effect.Effect<Session, SessionExpired>
  /** A new grant for a refresh token, which is used up; a used one presented again revokes its session. */
  readonly refresh: (projectId: string, refreshToken: string) => Effect.Effect<SessionGrant, SessionExpired>
  readonly revoke: (session: Session) => Effect.Effect<void>
  /** Ends every session of the session's visitor, this one included (sign out everywhere). */
  readonly revokeAll: (session: Session) => Effect.Effect<void>
  /** Is `refreshToken` a current token of a live session of this visitor on this device? (Nothing is used up.) */
  readonly continues: (projectId: string, refreshToken: string, visitorId: string, deviceId: string) => Effect.Effect<boolean>
}>()("portico/http/server/embedded/Visitors") {}

export const sessionMillis = 30 * 24 * 60 * 60_000
/** However often it is refreshed, a session ends this long after its sign-in: a copied one cannot live forever. */
export const absoluteSessionMillis = 90 * 24 * 60 * 60_000

const VisitorRow = Schema.Struct({
  id: Schema.String,
  project_id: Schema.String,
  email: Schema.NullOr(Schema.String),
  social_provider: Schema.NullOr(LoginProvider),
  social_email: Schema.NullOr(Schema.String),
  user_name: Schema.NullOr(Schema.String)
})
const visitorColumns = "id, project_id, email, social_provider, social_email, user_name"
const IdRow = Schema.Struct({ id: Schema.String })

const visitorOf = (row: typeof VisitorRow.Type): Visitor => ({
  id: row.id,
  projectId: row.project_id,
  email: row.email ?? undefined,
  socialProvider: row.social_provider ?? undefined,
  socialEmail: row.social_email ?? undefined,
  userName: row.user_name ?? undefined
})

const SessionRow = Schema.Struct({
  id: Schema.String,
  project_id: Schema.String,
  visitor_id: Schema.String,
  device_id: Schema.String,
  created_at: Schema.Date,
  expires_at: Schema.Date,
  revoked_at: Schema.NullOr(Schema.Date)
})
type SessionRow = typeof SessionRow.Type
const RefreshRow = Schema.Struct({ ...SessionRow.fields, rotated_at: Schema.NullOr(Schema.Date) })

const live = (row: SessionRow, now: number) =>
  row.revoked_at === null && row.expires_at.getTime() > now && row.created_at.getTime() + absoluteSessionMillis > now

/** A refreshed session's new end: 30 days on, but never past its absolute end. */
const slidTo = (row: SessionRow, now: number) => new Date(Math.min(now + sessionMillis, row.created_at.getTime() + absoluteSessionMillis))

/** A unique index refused the row (Postgres and PGlite both report SQLSTATE 23505). */
const isUniqueViolation = (error: unknown): boolean => Predicate.hasProperty(error, "code") && error.code === "23505"

const bearer = /^Bearer ([A-Za-z0-9._-]+)$/i

const refused = (reason: SessionExpired["reason"], message: string) => new SessionExpired({ reason, message })

type RefreshOutcome =
  | { readonly _tag: "rotated"; readonly session: SessionRow; readonly token: string }
  | { readonly _tag: "refused"; readonly error: SessionExpired }

/** A new refresh token for the session, stored as its digest. */
const insertRefreshToken = async (tx: Queryable, sessionId: string, at: number, rotatedFrom: string | null) => {
  const token = randomToken()
  await tx.query(
    "INSERT INTO embedded_refresh_tokens (token_hash, session_id, rotated_from, created_at) VALUES ($1, $2, $3, $4)",
    [digest(token), sessionId, rotatedFrom, new Date(at)]
  )
  return token
}

/** The session a refresh token belongs to, and whether that token was rotated already. */
const findSessionOfToken = (tx: Queryable, refreshToken: string, lock: boolean) =>
  rows(
    tx,
    RefreshRow,
    `SELECT s.id, s.project_id, s.visitor_id, s.device_id, s.created_at, s.expires_at, s.revoked_at, t.rotated_at
     FROM embedded_refresh_tokens t JOIN embedded_sessions s ON s.id = t.session_id
     WHERE t.token_hash = $1${lock ? " FOR UPDATE" : ""}`,
    [digest(refreshToken)]
  ).then((found) => found[0])

/** Marks the device verified and opens a session on it, with its first refresh token. */
const openSession = (db: Database, projectId: string, visitorId: string, deviceId: string, at: number) =>
  db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO embedded_devices (visitor_id, device_id, verified_at) VALUES ($1, $2, $3)
       ON CONFLICT (visitor_id, device_id) DO NOTHING`,
      [visitorId, deviceId, new Date(at)]
    )
    const id = randomId()
    await tx.query(
      `INSERT INTO embedded_sessions (id, project_id, visitor_id, device_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, projectId, visitorId, deviceId, new Date(at), new Date(at + sessionMillis)]
    )
    return { session: { id, project_id: projectId, visitor_id: visitorId }, token: await insertRefreshToken(tx, id, at, null) }
  })

/** Trades `refreshToken` for a new one in one transaction; a token used twice ends its session. */
const rotate = (db: Database, projectId: string, refreshToken: string, at: number) =>
  db.transaction(async (tx): Promise<RefreshOutcome> => {
    const row = await findSessionOfToken(tx, refreshToken, true)
    if (row === undefined || row.project_id !== projectId) {
      return { _tag: "refused", error: refused("invalid", "refreshToken: unknown") }
    }
    if (!live(row, at)) return { _tag: "refused", error: refused("expired", "refreshToken: the session has ended") }
    if (row.rotated_at !== null) {
      // A used token came back: someone holds a copy. The session ends for both holders.
      await tx.query("UPDATE embedded_sessions SET revoked_at = $2 WHERE id = $1", [row.id, new Date(at)])
      return { _tag: "refused", error: refused("reused", "refreshToken: already used; the session is revoked") }
    }
    const previous = digest(refreshToken)
    await tx.query("UPDATE embedded_refresh_tokens SET rotated_at = $2 WHERE token_hash = $1", [previous, new Date(at)])
    await tx.query("UPDATE embedded_sessions SET expires_at = $2 WHERE id = $1", [row.id, slidTo(row, at)])
    return { _tag: "rotated", session: row, token: await insertRefreshToken(tx, row.id, at, previous) }
  })

export const make = (db: Database, sessionKey: Uint8Array, clock: Clock.Clock): Visitors["Service"] => {
  const tokens = AccessTokens.make(sessionKey)
  const now = clock.currentTimeMillis

  const grant = (session: { readonly id: string; readonly project_id: string; readonly visitor_id: string }, refreshToken: string, at: number) =>
    Effect.map(
      tokens.sign({ visitorId: session.visitor_id, sessionId: session.id, projectId: session.project_id }, at),
      ({ token, expiresAt }): SessionGrant => ({ accessToken: token, refreshToken, expiresAt, visitorId: session.visitor_id })
    )

  /** Marks the device verified and opens a session on it. */
  const signIn = (projectId: string, visitorId: string, deviceId: string, at: number) =>
    Effect.flatMap(Effect.promise(() => openSession(db, projectId, visitorId, deviceId, at)), ({ session, token }) => grant(session, token, at))

  /** Finds or creates the visitor with `upsert` (which returns its id), then signs this device in. */
  const upsertAndSignIn = (
    identity: { readonly projectId: string; readonly deviceId: string },
    upsert: string,
    values: (id: string, at: Date) => ReadonlyArray<unknown>
  ) =>
    Effect.gen(function*() {
      const at = yield* now
      const [row] = yield* Effect.promise(() => rows(db, IdRow, upsert, values(randomId(), new Date(at))))
      if (row === undefined) return yield* Effect.die(new Error("embedded_visitors: the upsert returned no row"))
      return yield* signIn(identity.projectId, row.id, identity.deviceId, at)
    })

  return Visitors.of({
    signInWithSocial: (identity) =>
      upsertAndSignIn(
        identity,
        `INSERT INTO embedded_visitors (id, project_id, social_provider, social_subject, social_email, user_name, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (project_id, social_provider, social_subject) WHERE social_subject IS NOT NULL
         DO UPDATE SET social_email = coalesce(EXCLUDED.social_email, embedded_visitors.social_email),
           user_name = coalesce(EXCLUDED.user_name, embedded_visitors.user_name)
         RETURNING id`,
        (id, at) => [id, identity.projectId, identity.provider, identity.subject, identity.email ?? null, identity.userName ?? null, at]
      ),
    signInWithEmail: (identity) =>
      upsertAndSignIn(
        identity,
        `INSERT INTO embedded_visitors (id, project_id, email, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (project_id, lower(email)) WHERE email IS NOT NULL DO UPDATE SET email = embedded_visitors.email
         RETURNING id`,
        (id, at) => [id, identity.projectId, identity.email, at]
      ),
    find: (visitorId) =>
      Effect.promise(async () => {
        const [row] = await rows(db, VisitorRow, `SELECT ${visitorColumns} FROM embedded_visitors WHERE id = $1`, [visitorId])
        return row === undefined ? undefined : visitorOf(row)
      }),
    findByEmail: (projectId, email) =>
      Effect.promise(async () => {
        const [row] = await rows(
          db,
          VisitorRow,
          `SELECT ${visitorColumns} FROM embedded_visitors WHERE project_id = $1 AND lower(email) = lower($2)`,
          [projectId, email]
        )
        return row === undefined ? undefined : visitorOf(row)
      }),
    isDeviceVerified: (visitorId, deviceId) =>
      Effect.promise(async () =>
        (await db.query("SELECT 1 FROM embedded_devices WHERE visitor_id = $1 AND device_id = $2", [visitorId, deviceId])).length === 1
      ),
    changeEmail: (session, email) =>
      Effect.flatMap(now, (at) =>
        Effect.flatMap(
          Effect.promise(() =>
            db.transaction(async (tx) => {
              await tx.query("UPDATE embedded_visitors SET email = $2 WHERE id = $1", [session.visitorId, email])
              await tx.query("UPDATE embedded_sessions SET revoked_at = $3 WHERE visitor_id = $1 AND id <> $2 AND revoked_at IS NULL", [
                session.visitorId,
                session.sessionId,
                new Date(at)
              ])
            }).then(
              () => true,
              (error: unknown) => {
                if (isUniqueViolation(error)) return false
                throw error
              }
            )
          ),
          (changed) => changed ? Effect.void : Effect.fail(new EmailInUse({ message: "email: another account of this site uses this address" }))
        )),
    authenticate: (projectId, authorization) =>
      Effect.gen(function*() {
        const token = authorization === undefined ? undefined : bearer.exec(authorization)?.[1]
        if (token === undefined) return yield* refused("missing", "authorization: a Bearer access token is required")
        const at = yield* now
        const claims = yield* tokens.verify(token, projectId, at)
        const [row] = yield* Effect.promise(() =>
          rows(db, SessionRow, "SELECT id, project_id, visitor_id, device_id, created_at, expires_at, revoked_at FROM embedded_sessions WHERE id = $1", [
            claims.sessionId
          ])
        )
        if (row === undefined || row.visitor_id !== claims.visitorId || row.project_id !== projectId || !live(row, at)) {
          return yield* refused("revoked", "authorization: the session has ended")
        }
        return { sessionId: row.id, visitorId: row.visitor_id, deviceId: row.device_id, projectId }
      }),
    refresh: (projectId, refreshToken) =>
      Effect.gen(function*() {
        const at = yield* now
        const outcome = yield* Effect.promise(() => rotate(db, projectId, refreshToken, at))
        if (outcome._tag === "refused") return yield* outcome.error
        return yield* grant(outcome.session, outcome.token, at)
      }),
    revoke: (session) =>
      Effect.flatMap(now, (at) =>
        Effect.promise(() =>
          db.query("UPDATE embedded_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", [session.sessionId, new Date(at)])
        ).pipe(Effect.asVoid)),
    revokeAll: (session) =>
      Effect.flatMap(now, (at) =>
        Effect.promise(() =>
          db.query("UPDATE embedded_sessions SET revoked_at = $2 WHERE visitor_id = $1 AND revoked_at IS NULL", [session.visitorId, new Date(at)])
        ).pipe(Effect.asVoid)),
    continues: (projectId, refreshToken, visitorId, deviceId) =>
      Effect.flatMap(now, (at) =>
        Effect.promise(async () => {
          const row = await findSessionOfToken(db, refreshToken, false)
          return row !== undefined && row.rotated_at === null && live(row, at) && row.project_id === projectId &&
            row.visitor_id === visitorId && row.device_id === deviceId
        }))
  })
}
