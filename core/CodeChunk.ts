/**
 * A part of the modal whose code is a chunk of its own (spec §2: feature areas load on demand): imported
 * at its first use and then kept, so the connect path never carries it. A chunk that fails to load
 * (offline, a new deployment removed it) is a typed failure the visitor sees, and the next use tries again.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import { fixed } from "./FixedMessage.ts"

export const lazy = <M>(feature: string, load: () => Promise<M>): Effect.Effect<M, FeatureUnavailableError> => {
  let loading: Promise<M> | undefined
  return Effect.tryPromise({
    try: () => {
      loading ??= load().catch((cause: unknown) => {
        loading = undefined
        throw cause
      })
      return loading
    },
    catch: (cause) => new FeatureUnavailableError({ feature, cause })
  })
}

/**
 * What `build` makes (a service over a lazily loaded chunk), made at its first use and then kept. Uses that
 * arrive while it is being made wait for that one build; a build that failed is forgotten, so the next use
 * tries again.
 */
export const once = <A, E>(build: Effect.Effect<A, E>): Effect.Effect<A, E> => {
  const lock = Semaphore.makeUnsafe(1)
  let built: { readonly value: A } | undefined
  return Semaphore.withPermit(lock, Effect.suspend(() =>
    built === undefined ? Effect.tap(build, (value) => Effect.sync(() => (built = { value }))) : Effect.succeed(built.value)))
}

/** The code of a feature could not be loaded (the network failed, or the site was updated meanwhile). */
export class FeatureUnavailableError extends Schema.TaggedError<FeatureUnavailableError>()("FeatureUnavailableError", {
  message: fixed("This feature could not be loaded"),
  feature: Schema.String,
  cause: Schema.Defect()
}) {}
