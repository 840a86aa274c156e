/**
 * A part of the modal whose code is a chunk of its own (spec §2: feature areas load on demand): imported
 * at its first use and then kept, so the connect path never carries it. A chunk that fails to load
 * (offline, a new deployment removed it) is a typed failure the visitor sees, and the next use tries again.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
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

/** The code of a feature could not be loaded (the network failed, or the site was updated meanwhile). */
export class FeatureUnavailableError extends Schema.TaggedError<FeatureUnavailableError>()("FeatureUnavailableError", {
  message: fixed("This feature could not be loaded"),
  feature: Schema.String,
  cause: Schema.Defect()
}) {}
