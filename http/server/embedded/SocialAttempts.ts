/**
 * Social login attempts in the database (table `embedded_social_attempts`, migration 8), so that every
 * process serving the API agrees on them: the one that started an attempt, the one the provider's
 * redirect reaches and the one the frame polls may all differ.
 *
 * An attempt moves `pending` → `exchanging` (the callback claimed it: one statement, so a replayed
 * callback finds nothing) → `verified` (who signed in, and the digest of the completion code the
 * callback handed to the browser) or `failed`, and is deleted when its outcome is taken (one statement
 * again: a verified attempt only with its completion code, so the visitor is signed in once). No session
 * grant is ever stored. It dies 10 minutes after it started, whatever its state. The state, the poll
 * secret and the completion code are kept as digests; the PKCE verifier and the nonce are kept as they
 * are (the token request needs them) and are cleared once the callback is done.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { SocialProvider } from "../../../core/SocialProvider.ts"
import { SocialMode } from "../../api/SocialApi.ts"
import { type Queryable, rows } from "../Database.ts"

export const attemptTtlMillis = 10 * 60_000

export type FailureReason = "denied" | "failed"

export interface NewAttempt {
  readonly id: string
  readonly projectId: string
  readonly deviceId: string
  readonly provider: SocialProvider
  readonly mode: SocialMode
  readonly returnTo: string
  readonly stateDigest: string
  readonly pollSecretDigest: string
  readonly codeVerifier: string
  readonly nonce: string | undefined
  readonly createdAt: Date
}

const ClaimedRow = Schema.Struct({
  id: Schema.String,
  project_id: Schema.String,
  device_id: Schema.String,
  provider: SocialProvider,
  mode: SocialMode,
  return_to: Schema.String,
  code_verifier: Schema.String,
  nonce: Schema.NullOr(Schema.String)
})
/** An attempt the callback took over: everything the code exchange and the sign-in need. */
export type ClaimedAttempt = typeof ClaimedRow.Type

const Status = Schema.Literals(["pending", "exchanging", "verified", "failed"])

const AttemptRow = Schema.Struct({
  poll_secret_digest: Schema.String,
  status: Status
})
export type AttemptRow = typeof AttemptRow.Type

const FailureRow = Schema.Struct({
  failure: Schema.NullOr(Schema.Literals(["denied", "failed"])),
  failure_message: Schema.NullOr(Schema.String)
})

const VerifiedRow = Schema.Struct({
  project_id: Schema.String,
  device_id: Schema.String,
  provider: SocialProvider,
  subject: Schema.String,
  email: Schema.NullOr(Schema.String),
  user_name: Schema.NullOr(Schema.String)
})

/** Who signed in at the provider, as the callback proved it. */
export interface VerifiedIdentity {
  readonly subject: string
  readonly email: string | undefined
  readonly userName: string | undefined
}

/** A verified attempt, taken with its completion code: everything signing the visitor in needs. */
export type Redeemed = typeof VerifiedRow.Type

export interface SocialAttempts {
  /** Stores a new attempt (and sweeps the expired ones on the way). */
  readonly create: (attempt: NewAttempt) => Effect.Effect<void>
  /** The pending attempt of this state digest, now `exchanging`; undefined if none is pending (unknown, used, expired). */
  readonly claim: (stateDigest: string, now: Date) => Effect.Effect<ClaimedAttempt | undefined>
  /** Records who signed in and the digest of the completion code given to the browser that came back. */
  readonly verify: (id: string, identity: VerifiedIdentity, completionDigest: string) => Effect.Effect<void>
  /** Fails an attempt that is pending or exchanging; `message` says why, in words without secrets. */
  readonly fail: (id: string, reason: FailureReason, message: string) => Effect.Effect<void>
  /** The project's live attempt of this id: its poll secret digest and where it stands. */
  readonly find: (projectId: string, id: string, now: Date) => Effect.Effect<AttemptRow | undefined>
  /** Takes a failed attempt's reason and deletes it; undefined if it has not failed or was already taken. */
  readonly collectFailure: (projectId: string, id: string, now: Date) => Effect.Effect<{ readonly reason: FailureReason; readonly message: string } | undefined>
  /** Takes a verified attempt whose completion code has this digest, and deletes it; undefined otherwise. */
  readonly redeem: (projectId: string, id: string, completionDigest: string, now: Date) => Effect.Effect<Redeemed | undefined>
}

const expiryOf = (createdAt: Date) => new Date(createdAt.getTime() + attemptTtlMillis)

export const make = (db: Queryable): SocialAttempts => ({
  create: (attempt) =>
    Effect.promise(async () => {
      await db.query("DELETE FROM embedded_social_attempts WHERE expires_at <= $1", [attempt.createdAt])
      await db.query(
        `INSERT INTO embedded_social_attempts
           (id, project_id, device_id, provider, mode, return_to, state_digest, poll_secret_digest, code_verifier, nonce, status, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $12)`,
        [
          attempt.id,
          attempt.projectId,
          attempt.deviceId,
          attempt.provider,
          attempt.mode,
          attempt.returnTo,
          attempt.stateDigest,
          attempt.pollSecretDigest,
          attempt.codeVerifier,
          attempt.nonce ?? null,
          attempt.createdAt,
          expiryOf(attempt.createdAt)
        ]
      )
    }),
  claim: (stateDigest, now) =>
    Effect.promise(async () =>
      (await rows(
        db,
        ClaimedRow,
        `UPDATE embedded_social_attempts SET status = 'exchanging'
         WHERE state_digest = $1 AND status = 'pending' AND expires_at > $2
         RETURNING id, project_id, device_id, provider, mode, return_to, code_verifier, nonce`,
        [stateDigest, now]
      ))[0]
    ),
  verify: (id, identity, completionDigest) =>
    Effect.promise(() =>
      db.query(
        `UPDATE embedded_social_attempts
         SET status = 'verified', subject = $2, email = $3, user_name = $4, completion_digest = $5, code_verifier = '', nonce = NULL
         WHERE id = $1 AND status = 'exchanging'`,
        [id, identity.subject, identity.email ?? null, identity.userName ?? null, completionDigest]
      )
    ).pipe(Effect.asVoid),
  fail: (id, reason, message) =>
    Effect.promise(() =>
      db.query(
        `UPDATE embedded_social_attempts SET status = 'failed', failure = $2, failure_message = $3, code_verifier = '', nonce = NULL
         WHERE id = $1 AND status IN ('pending', 'exchanging')`,
        [id, reason, message]
      )
    ).pipe(Effect.asVoid),
  find: (projectId, id, now) =>
    Effect.promise(async () =>
      (await rows(
        db,
        AttemptRow,
        "SELECT poll_secret_digest, status FROM embedded_social_attempts WHERE id = $1 AND project_id = $2 AND expires_at > $3",
        [id, projectId, now]
      ))[0]
    ),
  collectFailure: (projectId, id, now) =>
    Effect.promise(async () => {
      const [row] = await rows(
        db,
        FailureRow,
        `DELETE FROM embedded_social_attempts WHERE id = $1 AND project_id = $2 AND expires_at > $3 AND status = 'failed'
         RETURNING failure, failure_message`,
        [id, projectId, now]
      )
      return row === undefined ? undefined : { reason: row.failure ?? "failed", message: row.failure_message ?? "unknown" }
    }),
  redeem: (projectId, id, completionDigest, now) =>
    Effect.promise(async () =>
      (await rows(
        db,
        VerifiedRow,
        `DELETE FROM embedded_social_attempts
         WHERE id = $1 AND project_id = $2 AND expires_at > $3 AND status = 'verified' AND completion_digest = $4
         RETURNING project_id, device_id, provider, subject, email, user_name`,
        [id, projectId, now, completionDigest]
      ))[0]
    )
})
