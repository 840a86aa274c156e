/**
 * The 30 s gate per email address (spec §5, §9): one mail per address and project every 30 s, kept in
 * the database so that every process serving the project agrees. Taking the gate is one statement:
 * of two requests racing for an open gate exactly one passes.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Constants from "../../../core/Constants.ts"
import * as Cooldown from "../../../core/Cooldown.ts"
import { EmailCooldown } from "../../api/EmbeddedApi.ts"
import { type Queryable, rows } from "../Database.ts"

const SentRow = Schema.Struct({ sent_at: Schema.Date })

export interface EmailGate {
  /** Passes and closes the gate of this address at `at`, or fails with 'Please try again after {n} seconds'. */
  readonly take: (projectId: string, email: string, at: number) => Effect.Effect<void, EmailCooldown>
  /** Reopens the gate taken at `at` (its mail could not be sent). */
  readonly release: (projectId: string, email: string, at: number) => Effect.Effect<void>
}

export const make = (db: Queryable, periodMillis: number = Constants.emailCooldownMillis): EmailGate => ({
  take: (projectId, email, at) =>
    Effect.flatMap(
      Effect.promise(async () => {
        // Open gates are of no use to keep: swept on the way (a racing insert still meets the conflict below).
        await db.query("DELETE FROM embedded_email_gate WHERE sent_at <= $1", [new Date(at - periodMillis)])
        const passed = await db.query(
          `INSERT INTO embedded_email_gate (project_id, email, sent_at) VALUES ($1, lower($2), $3)
           ON CONFLICT (project_id, email) DO UPDATE SET sent_at = EXCLUDED.sent_at WHERE embedded_email_gate.sent_at <= $4
           RETURNING sent_at`,
          [projectId, email, new Date(at), new Date(at - periodMillis)]
        )
        if (passed.length === 1) return 0
        const [row] = await rows(db, SentRow, "SELECT sent_at FROM embedded_email_gate WHERE project_id = $1 AND email = lower($2)", [
          projectId,
          email
        ])
        // The row was there a statement ago; should it have gone since, the wait is still at least a second.
        return Math.max(1, Cooldown.remainingMillis(row?.sent_at.getTime(), at, periodMillis))
      }),
      (remaining) => remaining === 0 ? Effect.void : Effect.fail(EmailCooldown.of(Cooldown.remainingSeconds(remaining)))
    ),
  release: (projectId, email, at) =>
    Effect.asVoid(Effect.promise(() =>
      db.query("DELETE FROM embedded_email_gate WHERE project_id = $1 AND email = lower($2) AND sent_at = $3", [projectId, email, new Date(at)])
    ))
})
