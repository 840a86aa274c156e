/**
 * The rate limiters the project guard takes tokens from: one bucket per known project + client address
 * (ServerOptions.rateLimit), and one per client for unknown project ids (ServerOptions.unknownProjectRateLimit).
 * In memory with PGlite; in Postgres (shared by every process) with a database URL.
 */
import * as Context from "effect/Context"
import type { Limiter } from "./RateLimiter.ts"

export class RateLimits extends Context.Service<RateLimits, {
  readonly known: Limiter
  readonly unknownProject: Limiter
}>()("portico/http/server/RateLimits") {}
