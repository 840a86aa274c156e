/**
 * What an engine action hands back, with its failures in its type.
 *
 * - `Safe<A>`: a promise that cannot reject. The action's failures are the engine's to show (a state, a
 *   toast, a shake), so `void engine.open()` is safe by construction; the lint rule
 *   `no-floating-promises` knows this type as safe and flags every other promise left unhandled.
 * - `Attempt<A, E>`: a promise that rejects only with `E`, the failure union of the feature action it
 *   runs (derived with `FailureOf`, never restated). The caller handles it: `settle`, or `startShown`
 *   where the engine shows the failure too.
 *
 * Only the runners below make them, from an Effect whose failure type says which one it is.
 */
import * as Cause from "effect/Cause"
import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import * as Schema from "effect/Schema"
import { fixed } from "../core/FixedMessage.ts"

declare const neverRejects: unique symbol
declare const rejectsWith: unique symbol

export type Safe<A> = Promise<A> & { readonly [neverRejects]: true }

export type Attempt<A, E> = Promise<A> & { readonly [rejectsWith]: (error: E) => void }

/** The failure union of a feature action: an Effect, or a function answering one. */
export type FailureOf<T> = T extends (...args: ReadonlyArray<never>) => infer R ? Effect.Error<R> : Effect.Error<T>

/** Every failure the attempts among the functions of `T` can reject with. */
export type FailuresOf<T> = {
  readonly [K in keyof T]: T[K] extends (...args: ReadonlyArray<never>) => infer R ? R extends Safe<unknown> ? never : FailureOfAttempt<R> : never
}[keyof T]

/** What an attempt rejects with (a `Safe` promise, whose phantom is absent, would infer `unknown`: test it first). */
type FailureOfAttempt<R> = R extends Attempt<unknown, infer E> ? E : never

/** Handles both outcomes of an attempt, the failure typed. */
export const settle = <A, E>(action: Attempt<A, E>, onSuccess: (value: A) => void, onFailure: (error: E) => void): void => {
  action.then(onSuccess, (error: E) => onFailure(error))
}

/** An attempt's failures as part of a larger union (what it rejects with is still among them). */
export const widen = <A, E, F>(attempt: Attempt<A, E>): Attempt<A, E | F> => attempt as unknown as Attempt<A, E | F>

/** An action cut off because the engine was disposed never settles: nobody is left to hear of it. */
const never = <A>(): Promise<A> => new Promise<A>(() => undefined)

export interface Runner<R> {
  /** Runs an action whose typed failure rejects the promise (a defect too: a bug is not hidden). */
  readonly attempt: <A, E>(effect: Effect.Effect<A, E, R>) => Attempt<A, E>
  /** Runs an action that cannot fail; a defect is reported (`report`), never thrown at the caller. */
  readonly safe: <A>(effect: Effect.Effect<A, never, R>) => Safe<A | undefined>
}

export const runner = <R, ER>(
  runtime: ManagedRuntime.ManagedRuntime<R, ER>,
  report: (error: UnexpectedError) => void
): Runner<R> => ({
  attempt: <A, E>(effect: Effect.Effect<A, E, R>) =>
    runtime.runPromiseExit(effect).then((exit): A | Promise<A> => {
      if (Exit.isSuccess(exit)) return exit.value
      if (Cause.hasInterruptsOnly(exit.cause)) return never()
      throw Cause.squash(exit.cause)
    }) as Attempt<A, E>,
  safe: <A>(effect: Effect.Effect<A, never, R>) =>
    runtime.runPromiseExit(effect).then(
      (exit): A | undefined | Promise<A | undefined> => {
        if (Exit.isSuccess(exit)) return exit.value
        if (Cause.hasInterruptsOnly(exit.cause)) return never()
        report(new UnexpectedError({ cause: Cause.squash(exit.cause) }))
        return undefined
      },
      // The runtime itself could not run (its layer failed to build).
      (cause: unknown) => {
        report(new UnexpectedError({ cause }))
        return undefined
      }
    ) as Safe<A | undefined>
})

/** Spec §8 'Something went wrong': an action that cannot fail met a bug. It is shown, and kept in the console. */
export class UnexpectedError extends Schema.TaggedError<UnexpectedError>()("UnexpectedError", {
  message: fixed("Something went wrong"),
  cause: Schema.Defect()
}) {}
