/**
 * Sign In With Farcaster attempts in the database, so that every process serving the project can complete
 * one: the relay channel's token (only the server polls with it), the nonce the signed message must carry
 * and the digest of the frame's poll secret. An attempt lives as long as the message the visitor is asked to
 * sign (`attemptTtlMillis`), and is taken once — by the sign-in, or by a refusal.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type Queryable, rows } from "../Database.ts"

export const attemptTtlMillis = 10 * 60_000

export interface NewAttempt {
  readonly id: string
  readonly projectId: string
  readonly deviceId: string
  readonly channelToken: string
  readonly nonce: string
  readonly pollSecretDigest: string
  readonly createdAt: Date
}

const AttemptRow = Schema.Struct({
  device_id: Schema.String,
  channel_token: Schema.String,
  nonce: Schema.String,
  poll_secret_digest: Schema.String
})
export type AttemptRow = typeof AttemptRow.Type

export interface FarcasterAttempts {
  /** Stores a new attempt (and sweeps the expired ones on the way). */
  readonly create: (attempt: NewAttempt) => Effect.Effect<void>
  /** The project's live attempt of this id. */
  readonly find: (projectId: string, id: string, now: Date) => Effect.Effect<AttemptRow | undefined>
  /** Deletes the attempt; false when another call took it first. */
  readonly take: (projectId: string, id: string) => Effect.Effect<boolean>
}

export const expiryOf = (createdAt: Date): Date => new Date(createdAt.getTime() + attemptTtlMillis)

export const make = (db: Queryable): FarcasterAttempts => ({
  create: (attempt) =>
    Effect.promise(async () => {
      await db.query("DELETE FROM embedded_farcaster_attempts WHERE expires_at <= $1", [attempt.createdAt])
      await db.query(
        `INSERT INTO embedded_farcaster_attempts (id, project_id, device_id, channel_token, nonce, poll_secret_digest, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [attempt.id, attempt.projectId, attempt.deviceId, attempt.channelToken, attempt.nonce, attempt.pollSecretDigest, attempt.createdAt, expiryOf(attempt.createdAt)]
      )
    }),
  find: (projectId, id, now) =>
    Effect.promise(async () =>
      (await rows(
        db,
        AttemptRow,
        `SELECT device_id, channel_token, nonce, poll_secret_digest FROM embedded_farcaster_attempts
         WHERE id = $1 AND project_id = $2 AND expires_at > $3`,
        [id, projectId, now]
      ))[0]
    ),
  take: (projectId, id) =>
    Effect.promise(async () =>
      (await rows(db, Schema.Struct({ id: Schema.String }), "DELETE FROM embedded_farcaster_attempts WHERE id = $1 AND project_id = $2 RETURNING id", [id, projectId]))
        .length === 1
    )
})
