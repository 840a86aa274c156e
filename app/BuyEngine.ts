/**
 * The onramp's part of the engine, loaded the first time the Buy view opens (spec §2: feature areas load
 * on demand): the Buying feature over the running features, with the form the engine already shows.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import { Buying } from "../core/features/Buying.ts"
import type * as Features from "../core/features/Features.ts"
import * as Buy from "../core/onramp/Buy.ts"

export const make = (
  context: Context.Context<Features.Features | Features.Environment>,
  form: SubscriptionRef.SubscriptionRef<Buy.BuyState>
): Buying["Service"] =>
  Effect.runSync(Effect.provide(
    Effect.service(Buying),
    Buying.layer.pipe(Layer.provide(Layer.merge(Layer.succeedContext(context), Layer.succeed(Buy.BuyForm, form))))
  ))
