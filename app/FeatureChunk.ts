/**
 * A feature in a chunk of its own (spec §2: feature areas load on demand), built over the running
 * engine's features with the form state the engine made before the chunk loaded (the views show it
 * from the first render).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Features from "../core/features/Features.ts"

export const build = <Id, Service, FormId, Form>(
  context: Context.Context<Features.Features | Features.Environment>,
  feature: { readonly key: Context.Key<Id, Service>; readonly layer: Layer.Layer<Id, never, Features.Features | Features.Environment | FormId> },
  form: { readonly key: Context.Key<FormId, Form>; readonly value: Form }
): Service =>
  Effect.runSync(Effect.provide(
    Effect.service(feature.key),
    feature.layer.pipe(Layer.provide(Layer.merge(Layer.succeedContext(context), Layer.succeed(form.key, form.value))))
  ))
