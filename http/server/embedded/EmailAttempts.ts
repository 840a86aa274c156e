/**
 * Email attempts in the database: one per mail that asks the visitor for something (a code, or the
 * approval of a new device). A code is stored as its digest (OtpCode.ts); an attempt lives 10 minutes
 * from its last code and allows 5 tries, each spent atomically before the code is compared, so
 * parallel guesses cannot exceed them.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Locale } from "../../api/EmbeddedApi.ts"
import { type Queryable, rows } from "../Database.ts"
import { windowMillis } from "./OtpLimits.ts"

export const attemptMillis = 10 * 60_000
export const maxTries = 5

/** A login, or the two steps of an email update (the code to the current address, then to the new one). */
export const AttemptKind = Schema.Literals(["connect", "update-primary", "update-secondary"])
export type AttemptKind = typeof AttemptKind.Type

export const AttemptRow = Schema.Struct({
  id: Schema.String,
  project_id: Schema.String,
  kind: AttemptKind,
  /** Where the code or link goes. */
  email: Schema.String,
  new_email: Schema.NullOr(Schema.String),
  visitor_id: Schema.NullOr(Schema.String),
  device_id: Schema.String,
  locale: Locale,
  /** Null while a device approval is awaited. */
  code_hash: Schema.NullOr(Schema.String),
  tries: Schema.Number,
  expires_at: Schema.Date,
  approved_at: Schema.NullOr(Schema.Date),
  completed_at: Schema.NullOr(Schema.Date)
})
export type AttemptRow = typeof AttemptRow.Type
const columns = "id, project_id, kind, email, new_email, visitor_id, device_id, locale, code_hash, tries, expires_at, approved_at, completed_at"

export interface NewAttempt {
  readonly id: string
  readonly projectId: string
  readonly kind: AttemptKind
  readonly email: string
  readonly newEmail?: string
  readonly visitorId?: string
  readonly deviceId: string
  readonly locale: Locale
  readonly codeHash?: string
  readonly approvalHash?: string
}

export interface EmailAttempts {
  readonly create: (attempt: NewAttempt, at: number) => Effect.Effect<void>
  readonly find: (projectId: string, id: string) => Effect.Effect<AttemptRow | undefined>
  /** The attempt whose approval token has this digest, still awaiting approval at `at`. */
  readonly findApproval: (approvalHash: string, at: number) => Effect.Effect<AttemptRow | undefined>
  /**
   * Spends one try of a live attempt of this kind (and visitor, when given) that has a code, and returns
   * it; nothing when there is no such attempt, or it is expired, finished or out of tries.
   */
  readonly spendTry: (projectId: string, id: string, kind: AttemptKind, visitorId: string | undefined, at: number) => Effect.Effect<AttemptRow | undefined>
  /** Finishes the attempt whose code was `codeHash`; false when another request finished it first. */
  readonly complete: (id: string, codeHash: string, at: number) => Effect.Effect<boolean>
  /** Gives an approved device's attempt its code, 10 more minutes and fresh tries; false when already approved or gone. */
  readonly approve: (id: string, codeHash: string, at: number) => Effect.Effect<boolean>
  /** Undoes `approve` (its code could not be mailed), so the link can be followed again. */
  readonly unapprove: (id: string) => Effect.Effect<void>
  /** Moves an update from its first code (`codeHash`) to the code for the new address; false when raced. */
  readonly advance: (id: string, codeHash: string, nextCodeHash: string, at: number) => Effect.Effect<boolean>
}

export const make = (db: Queryable): EmailAttempts => {
  const changed = (text: string, params: ReadonlyArray<unknown>) => Effect.promise(async () => (await db.query(text, params)).length === 1)
  return {
    create: (attempt, at) =>
      Effect.asVoid(Effect.promise(async () => {
        // Attempts are kept an hour after they start, their tries counting towards the address's
        // limits (OtpLimits.ts), then swept on the way once expired.
        await db.query("DELETE FROM embedded_email_attempts WHERE created_at < $1 AND expires_at < $2", [new Date(at - windowMillis), new Date(at)])
        await db.query(
          `INSERT INTO embedded_email_attempts
           (id, project_id, kind, email, new_email, visitor_id, device_id, locale, code_hash, tries, expires_at, approval_hash, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12)`,
          [attempt.id, attempt.projectId, attempt.kind, attempt.email, attempt.newEmail ?? null, attempt.visitorId ?? null, attempt.deviceId,
            attempt.locale, attempt.codeHash ?? null, new Date(at + attemptMillis), attempt.approvalHash ?? null, new Date(at)]
        )
      })),
    find: (projectId, id) =>
      Effect.promise(async () =>
        (await rows(db, AttemptRow, `SELECT ${columns} FROM embedded_email_attempts WHERE id = $1 AND project_id = $2`, [id, projectId]))[0]
      ),
    findApproval: (approvalHash, at) =>
      Effect.promise(async () =>
        (await rows(
          db,
          AttemptRow,
          `SELECT ${columns} FROM embedded_email_attempts
           WHERE approval_hash = $1 AND kind = 'connect' AND completed_at IS NULL AND expires_at > $2`,
          [approvalHash, new Date(at)]
        ))[0]
      ),
    spendTry: (projectId, id, kind, visitorId, at) =>
      Effect.promise(async () =>
        (await rows(
          db,
          AttemptRow,
          `UPDATE embedded_email_attempts SET tries = tries + 1
           WHERE id = $1 AND project_id = $2 AND kind = $3 AND ($4::text IS NULL OR visitor_id = $4)
             AND completed_at IS NULL AND code_hash IS NOT NULL AND tries < ${maxTries} AND expires_at > $5
           RETURNING ${columns}`,
          [id, projectId, kind, visitorId ?? null, new Date(at)]
        ))[0]
      ),
    complete: (id, codeHash, at) =>
      changed("UPDATE embedded_email_attempts SET completed_at = $3 WHERE id = $1 AND code_hash = $2 AND completed_at IS NULL RETURNING id", [
        id,
        codeHash,
        new Date(at)
      ]),
    approve: (id, codeHash, at) =>
      changed(
        `UPDATE embedded_email_attempts SET approved_at = $3, code_hash = $2, tries = 0, expires_at = $4
         WHERE id = $1 AND approved_at IS NULL AND completed_at IS NULL AND expires_at > $3 RETURNING id`,
        [id, codeHash, new Date(at), new Date(at + attemptMillis)]
      ),
    unapprove: (id) =>
      Effect.asVoid(Effect.promise(() =>
        db.query("UPDATE embedded_email_attempts SET approved_at = NULL, code_hash = NULL WHERE id = $1 AND completed_at IS NULL", [id])
      )),
    advance: (id, codeHash, nextCodeHash, at) =>
      changed(
        `UPDATE embedded_email_attempts SET kind = 'update-secondary', email = new_email, code_hash = $3, tries = 0, expires_at = $4
         WHERE id = $1 AND kind = 'update-primary' AND code_hash = $2 AND completed_at IS NULL RETURNING id`,
        [id, codeHash, nextCodeHash, new Date(at + attemptMillis)]
      )
  }
}
