/**
 * Rate limits that hold across server processes sharing one Postgres: the token buckets live in a
 * table, and each take is one statement that refills, decides and spends atomically (a row lock per
 * key), so two processes see one bucket. Rows of keys idle for two windows (or `idleMillis`, when
 * another limiter shares the table with a longer window) are swept now and then, so keys from outside
 * (client addresses) cost bounded rows.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type Queryable, rows } from "./Database.ts"
import type { Limiter } from "./RateLimiter.ts"
import type { RateLimitOptions } from "./ServerOptions.ts"

const Taken = Schema.Struct({ tokens: Schema.Number, passed: Schema.Boolean })

/** Every this many takes, rows idle for two windows are deleted. */
const sweepEvery = 1_000

/** $5: the cost, at most the capacity ($2) — a larger one is refused before it gets here. */
const take = `
  INSERT INTO rate_buckets (key, tokens, at, passed) VALUES ($1, $2::double precision - $5::double precision, $3::bigint, true)
  ON CONFLICT (key) DO UPDATE SET
    tokens = CASE
      WHEN LEAST($2::double precision, rate_buckets.tokens + GREATEST(0, $3::bigint - rate_buckets.at) * $4::double precision) >= $5::double precision
      THEN LEAST($2::double precision, rate_buckets.tokens + GREATEST(0, $3::bigint - rate_buckets.at) * $4::double precision) - $5::double precision
      ELSE LEAST($2::double precision, rate_buckets.tokens + GREATEST(0, $3::bigint - rate_buckets.at) * $4::double precision)
    END,
    passed = LEAST($2::double precision, rate_buckets.tokens + GREATEST(0, $3::bigint - rate_buckets.at) * $4::double precision) >= $5::double precision,
    at = GREATEST(rate_buckets.at, $3::bigint)
  RETURNING tokens, passed`

export const make = (db: Queryable, options: RateLimitOptions, idleMillis = 0): Limiter => {
  const refillPerMilli = options.requests / (options.perSeconds * 1000)
  const sweptAfter = Math.max(idleMillis, 2 * options.perSeconds * 1000)
  let takes = 0
  return {
    capacity: options.requests,
    take: (key, now, cost = 1) =>
      Effect.promise(async () => {
        takes++
        if (takes % sweepEvery === 0) await db.query("DELETE FROM rate_buckets WHERE at < $1", [now - sweptAfter])
        const [taken] = await rows(db, Taken, take, [key, options.requests, now, refillPerMilli, cost])
        if (taken === undefined || taken.passed) return 0
        return Math.max(1, Math.ceil((cost - taken.tokens) / refillPerMilli / 1000))
      })
  }
}
