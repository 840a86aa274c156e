/**
 * Cooldown gates (spec sections 4, 5, 9): after a trigger, the gate stays closed for a period.
 *
 * - Email login: one trigger per 30 s; a second one fails with 'Please try again after {n} seconds'
 *   where n is the remaining time in seconds rounded up (29.001 s left -> 30).
 * - Token balance: after a failed fetch, no retry for 30 s.
 *
 * Boundary: the gate is closed while `now - last < period` and open again at exactly `period`.
 * Time comes from Clock. The last trigger time can be seeded (the email one is persisted).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import * as Constants from "./Constants.ts"
import * as Storage from "./Storage.ts"
import * as StorageKeys from "./StorageKey.ts"

/** Milliseconds left before a gate triggered at `last` reopens; 0 when open. */
export const remainingMillis = (last: number | undefined, now: number, periodMillis: number): number =>
  last === undefined ? 0 : Math.max(0, Math.min(periodMillis, last + periodMillis - now))

/** The seconds shown to the visitor: remaining time rounded up. */
export const remainingSeconds = (remaining: number): number => Math.ceil(remaining / 1000)

export interface Gate {
  /** Milliseconds until the gate reopens (0 when open). */
  readonly remainingMillis: Effect.Effect<number>
  readonly isOpen: Effect.Effect<boolean>
  /** Closes the gate from now on (a trigger, or a failure for the token balance gate). */
  readonly close: Effect.Effect<void>
  /** The time of the last `close`, to persist it. */
  readonly lastClosedAt: Effect.Effect<number | undefined>
}

/** A gate with the given period, optionally closed at `lastClosedAt` (epoch ms). */
export const make = (periodMillis: number, lastClosedAt?: number): Effect.Effect<Gate> =>
  Effect.map(Ref.make(lastClosedAt), (last) => {
    const remaining = Effect.zipWith(Ref.get(last), Clock.currentTimeMillis, (at, now) =>
      remainingMillis(at, now, periodMillis)
    )
    return {
      remainingMillis: remaining,
      isOpen: Effect.map(remaining, (millis) => millis === 0),
      close: Effect.flatMap(Clock.currentTimeMillis, (now) => Ref.set(last, now)),
      lastClosedAt: Ref.get(last)
    }
  })

/** The email login gate (30 s). */
export const makeEmail = (lastTriggeredAt?: number): Effect.Effect<Gate> =>
  make(Constants.emailCooldownMillis, lastTriggeredAt)

/**
 * The email login gate persisted under `StorageKey.lastEmailLoginTime`, so a reload does not reset
 * the cooldown. A failed write only loses that persistence.
 */
export const makeEmailPersisted: Effect.Effect<Gate, never, Storage.Storage> = Effect.gen(function*() {
  const storage = yield* Storage.Storage
  const last = yield* storage.get(StorageKeys.lastEmailLoginTime)
  const gate = yield* makeEmail(last ?? undefined)
  const persist = Effect.flatMap(gate.lastClosedAt, (at) =>
    at === undefined ? Effect.void : Effect.ignore(storage.set(StorageKeys.lastEmailLoginTime, at))
  )
  return { ...gate, close: Effect.andThen(gate.close, persist) }
})

/** The token balance retry gate (30 s after a failure). */
export const makeTokenBalance = (lastFailedAt?: number): Effect.Effect<Gate> =>
  make(Constants.tokenBalanceRetryGateMillis, lastFailedAt)

/**
 * Passes when the email gate is open; fails with the visitor-facing cooldown error when it is not. The
 * caller closes the gate once the mail went (a send that was refused starts no wait).
 */
export const ensureOpen = (gate: Gate): Effect.Effect<void, EmailCooldownError> =>
  Effect.flatMap(gate.remainingMillis, (remaining) =>
    remaining === 0 ? Effect.void : Effect.fail(EmailCooldownError.fromRemaining(remaining))
  )

/** 'Please try again after {n} seconds'. */
export class EmailCooldownError extends Schema.TaggedError<EmailCooldownError>()("EmailCooldownError", {
  seconds: Schema.Int,
  message: Schema.String
}) {
  static fromRemaining(remaining: number): EmailCooldownError {
    return EmailCooldownError.of(remainingSeconds(remaining))
  }
  static of(seconds: number): EmailCooldownError {
    return new EmailCooldownError({ seconds, message: `Please try again after ${seconds} seconds` })
  }
}
