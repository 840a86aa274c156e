/**
 * Limits on email codes across attempts (docs/embedded-wallet.md "Email login"): an attempt allows 5
 * tries, but a new attempt (every 30 s) would bring 5 more, so over an hour an address gets at most
 * `maxMailsPerAddress` mails and `maxTriesPerAddress` tries in all, and a client (its rate-limit key,
 * ClientAddress.ts: an IPv6 /64) at most `maxTriesPerClient` tries whatever the addresses. A refusal is
 * the spec's 'Please try again after {n} seconds' (429 `EmailCooldown`).
 *
 * The address's counts are read from its attempts (kept an hour, EmailAttempts.ts), so every process
 * agrees; the client's are a token bucket (in the database with Postgres, SharedRateLimiter.ts).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { EmailCooldown } from "../../api/EmbeddedApi.ts"
import { type Queryable, rows } from "../Database.ts"
import type { Limiter } from "../RateLimiter.ts"

export const windowMillis = 60 * 60_000
export const maxMailsPerAddress = 10
export const maxTriesPerAddress = 15
export const maxTriesPerClient = 30

export interface OtpLimits {
  /** Before a code or link is mailed to `email`. */
  readonly beforeMail: (projectId: string, email: string, at: number) => Effect.Effect<void, EmailCooldown>
  /** Before a code for `email` is tried by `client`; takes the client's try. */
  readonly beforeTry: (projectId: string, email: string, client: string, at: number) => Effect.Effect<void, EmailCooldown>
}

const Counts = Schema.Struct({ mails: Schema.Number, tries: Schema.Number, oldest: Schema.NullOr(Schema.Date) })

/** The rate of `maxTriesPerClient` an hour, for the client limiter. */
export const clientRate = { requests: maxTriesPerClient, perSeconds: windowMillis / 1000 }

/** Seconds until the oldest attempt in the window leaves it. */
const waitFor = (oldest: Date | null, at: number) => Math.max(1, Math.ceil(((oldest?.getTime() ?? at) + windowMillis - at) / 1000))

export const make = (db: Queryable, clientLimiter: Limiter): OtpLimits => {
  const counts = (projectId: string, email: string, at: number) =>
    Effect.promise(async () =>
      (await rows(
        db,
        Counts,
        `SELECT count(*)::int AS mails, coalesce(sum(tries), 0)::int AS tries, min(created_at) AS oldest
         FROM embedded_email_attempts WHERE project_id = $1 AND lower(email) = lower($2) AND created_at > $3`,
        [projectId, email, new Date(at - windowMillis)]
      ))[0] ?? { mails: 0, tries: 0, oldest: null }
    )
  return {
    beforeMail: (projectId, email, at) =>
      Effect.flatMap(counts(projectId, email, at), ({ mails, oldest }) =>
        mails >= maxMailsPerAddress ? Effect.fail(EmailCooldown.of(waitFor(oldest, at))) : Effect.void),
    beforeTry: (projectId, email, client, at) =>
      Effect.gen(function*() {
        const { oldest, tries } = yield* counts(projectId, email, at)
        if (tries >= maxTriesPerAddress) return yield* EmailCooldown.of(waitFor(oldest, at))
        const wait = yield* clientLimiter.take(`otp|${client}`, at)
        if (wait > 0) return yield* EmailCooldown.of(wait)
      })
  }
}
