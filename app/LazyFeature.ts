/**
 * A feature in a chunk of its own (swap, buy, the embedded wallet's login), loaded at its first action
 * and then kept. A chunk that fails to load (offline, a new deployment removed it) is a typed failure
 * the visitor sees, and the next action tries the load again.
 */
import * as Effect from "effect/Effect"
import * as CodeChunk from "../core/CodeChunk.ts"
import type { FeatureUnavailableError } from "../core/CodeChunk.ts"
import type { Attempt, Runner, Safe } from "./Action.ts"

export interface LazyFeature<S, R> {
  readonly attempt: <A, E>(action: (feature: S) => Effect.Effect<A, E, R>) => Attempt<A, E | FeatureUnavailableError>
  /** An action that cannot fail once loaded: a failed load is shown (`onUnavailable`), never thrown. */
  readonly safe: (action: (feature: S) => Effect.Effect<void, never, R>) => Safe<void | undefined>
}

export const make = <S, R>(
  name: string,
  load: () => Promise<S>,
  run: Runner<R>,
  onUnavailable: (error: FeatureUnavailableError) => Effect.Effect<void, never, R>
): LazyFeature<S, R> => {
  const loaded = CodeChunk.lazy(name, load)
  return {
    attempt: (action) => run.attempt(Effect.flatMap(loaded, action)),
    safe: (action) => run.safe(loaded.pipe(Effect.flatMap(action), Effect.catch(onUnavailable)))
  }
}
