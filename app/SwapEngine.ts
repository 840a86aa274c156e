/**
 * Swaps' part of the engine, loaded the first time the Swap view opens (spec §2: feature areas load on
 * demand): the Swapping feature over the running features, with the form the engine already shows.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Features from "../core/features/Features.ts"
import { Swapping } from "../core/features/Swapping.ts"
import * as Swap from "../core/swap/Swap.ts"

export const make = (
  context: Context.Context<Features.Features | Features.Environment>,
  form: SubscriptionRef.SubscriptionRef<Swap.SwapState>
): Swapping["Service"] =>
  Effect.runSync(Effect.provide(
    Effect.service(Swapping),
    Swapping.layer.pipe(Layer.provide(Layer.merge(Layer.succeedContext(context), Layer.succeed(Swap.SwapForm, form))))
  ))
