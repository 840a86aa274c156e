/**
 * The retry policy (spec section 8): which failures retry, how long to wait, how many times.
 *
 * - Retry on code -1, -32005 (limit exceeded), -32603 (internal) and on HTTP 403, 408, 413, 429, 500,
 *   502, 503, 504.
 * - Never on an abort, nor on 4001, 4100, 4200, 4900, 4901 or 5000 — these win over a retryable HTTP
 *   status carried by the same failure. Anything else does not retry either.
 * - The wait is the server's Retry-After (delta-seconds or HTTP-date, the latter relative to Clock's
 *   now); without one, the policy's own delay (1 s for HTTP, 150 ms doubling for RPC). A Retry-After
 *   longer than `retryAfterCapMillis` is never shortened into an earlier retry: the policy gives up,
 *   and the failure goes to the caller with the wait it asked for (core's Backend carries it as
 *   `retryAfterMillis`).
 * - Attempts are bounded: `attempts` counts every evaluation, the first one included.
 */
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as Schedule from "effect/Schedule"
import * as Constants from "./Constants.ts"
import * as RpcCode from "./RpcCode.ts"

/** Codes that retry: -1 (transport), limit exceeded, internal error. */
export const retryableCodes: ReadonlyArray<number> = [
  -1,
  RpcCode.table.LimitExceeded.code,
  RpcCode.table.InternalError.code
]

/** HTTP statuses that retry. */
export const retryableStatuses: ReadonlyArray<number> = [403, 408, 413, 429, 500, 502, 503, 504]

/** Codes that never retry, whatever else the failure says. */
export const nonRetryableCodes: ReadonlyArray<number> = [
  RpcCode.table.UserRejectedRequest.code,
  RpcCode.table.Unauthorized.code,
  RpcCode.table.UnsupportedMethod.code,
  RpcCode.table.ProviderDisconnected.code,
  RpcCode.table.ChainDisconnected.code,
  RpcCode.table.Default.code
]

/** What the policy reads from a failure. */
export interface Signal {
  readonly code: number | undefined
  readonly status: number | undefined
  readonly retryAfter: string | undefined
  readonly aborted: boolean
}

const abortTags: ReadonlyArray<string> = ["AbortError", "RpcRequestAbortedError"]
const maxCauseDepth = 4

const numberAt = (value: unknown, key: string): number | undefined =>
  Predicate.hasProperty(value, key) && Predicate.isNumber(value[key]) ? value[key] : undefined

const stringAt = (value: unknown, key: string): string | undefined =>
  Predicate.hasProperty(value, key) && Predicate.isString(value[key]) ? value[key] : undefined

const headerOf = (response: unknown): string | undefined =>
  Predicate.hasProperty(response, "headers") ? stringAt(response.headers, "retry-after") : undefined

/**
 * Reads code, HTTP status, Retry-After and abort from any failure: our tagged errors (`code`,
 * `status`, `retryAfter`), Effect's HttpClientError (`response.status`, `response.headers`), a DOM
 * AbortError, and their `cause` chain (outer values win).
 */
const readSignal = (error: unknown): Signal => {
  let code: number | undefined
  let status: number | undefined
  let retryAfter: string | undefined
  let aborted = false
  let current: unknown = error
  for (let depth = 0; depth < maxCauseDepth && Predicate.isObject(current); depth++) {
    const tag = stringAt(current, "_tag") ?? stringAt(current, "name")
    if (tag !== undefined && abortTags.includes(tag)) aborted = true
    code ??= numberAt(current, "code")
    const response = Predicate.hasProperty(current, "response") ? current.response : undefined
    status ??= numberAt(current, "status") ?? numberAt(response, "status")
    retryAfter ??= stringAt(current, "retryAfter") ?? headerOf(response)
    current = Predicate.hasProperty(current, "cause") ? current.cause : undefined
  }
  return { code, status, retryAfter, aborted }
}

/** Never throws: a hostile value (throwing getter, Proxy) reads as an empty, non-retryable signal. */
export const signalOf = (error: unknown): Signal => {
  try {
    return readSignal(error)
  } catch {
    return { code: undefined, status: undefined, retryAfter: undefined, aborted: false }
  }
}

export const isRetryableCode = (code: number): boolean => retryableCodes.includes(code)

export const isRetryableStatus = (status: number): boolean => retryableStatuses.includes(status)

/** Classification of a signal; see the module comment for the precedence. */
export const isRetryableSignal = (signal: Signal): boolean => {
  if (signal.aborted) return false
  if (signal.code !== undefined && nonRetryableCodes.includes(signal.code)) return false
  if (signal.code !== undefined && isRetryableCode(signal.code)) return true
  return signal.status !== undefined && isRetryableStatus(signal.status)
}

export const isRetryable = (error: unknown): boolean => isRetryableSignal(signalOf(error))

const deltaSeconds = /^\s*(\d+)\s*$/

const clamp = (millis: number): number => Math.min(Math.max(millis, 0), Constants.retryAfterCapMillis)

/**
 * The wait a Retry-After header asks for, in milliseconds (at least 0); `undefined` when the header
 * is absent or unreadable. `now` is epoch milliseconds (from Clock). An HTTP-date in the past means
 * "now" (0). Pure digits are delta-seconds; anything else must parse as a date and contain a letter
 * (so "1.5" or "-3" are rejected, not read as years).
 */
export const requestedDelay = (header: string | undefined, now: number): number | undefined => {
  if (header === undefined) return undefined
  const delta = deltaSeconds.exec(header)
  if (delta?.[1] !== undefined) return Number(delta[1]) * 1000
  if (!/[a-z]/i.test(header)) return undefined
  const at = DateTime.make(header)
  return Option.isSome(at) ? Math.max(0, DateTime.toEpochMillis(at.value) - now) : undefined
}

/** The Retry-After wait clamped to [0, cap] (what a retry within the cap waits). */
export const retryAfterDelay = (header: string | undefined, now: number): number | undefined => {
  const requested = requestedDelay(header, now)
  return requested === undefined ? undefined : clamp(requested)
}

/** Whether the failure asks for a wait longer than the cap: no retry may come earlier than it asks. */
export const exceedsCap = (error: unknown, now: number): boolean => (requestedDelay(signalOf(error).retryAfter, now) ?? 0) > Constants.retryAfterCapMillis

export interface Options {
  /** Evaluations in total, the first one included (>= 1). */
  readonly attempts: number
  /** Wait before retry number `retry` (1-based) when the failure names no Retry-After. */
  readonly delayMillis: (retry: number) => number
}

/**
 * A retry Schedule over any failure: continues only for retryable failures and while attempts
 * remain; waits Retry-After (capped) or the policy's delay.
 */
export const make = (options: Options): Schedule.Schedule<number, unknown> =>
  Schedule.forever.pipe(
    Schedule.setInputType<unknown>(),
    Schedule.while(({ attempt, input, now }) => attempt < options.attempts && isRetryable(input) && !exceedsCap(input, now)),
    Schedule.modifyDelay(({ attempt, input, now }) =>
      Effect.succeed(retryAfterDelay(signalOf(input).retryAfter, now) ?? clamp(options.delayMillis(attempt)))
    )
  )

/** HTTP calls: 1 s between attempts unless Retry-After says otherwise. */
export const policy: Schedule.Schedule<number, unknown> = make({
  attempts: Constants.httpRetryAttempts,
  delayMillis: () => Constants.defaultRetryDelayMillis
})

/** RPC transport: 3 attempts, 150 ms then doubling, unless Retry-After says otherwise. */
export const rpcPolicy: Schedule.Schedule<number, unknown> = make({
  attempts: Constants.rpcRetryAttempts,
  delayMillis: (retry) => Constants.rpcRetryBaseDelayMillis * Constants.rpcRetryFactor ** (retry - 1)
})

/** Retries an effect with `policy` (or the schedule given). */
export const retry = <A, E, R>(
  self: Effect.Effect<A, E, R>,
  schedule: Schedule.Schedule<number, unknown> = policy
): Effect.Effect<A, E, R> => Effect.retry(self, schedule)

