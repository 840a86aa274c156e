/**
 * Swaps' part of the engine, loaded the first time the Swap view opens (spec §2: feature areas load on
 * demand): the Swapping feature over the running features, with the form the engine already shows.
 */
import type * as Context from "effect/Context"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Features from "../core/features/Features.ts"
import { Swapping } from "../core/features/Swapping.ts"
import * as Swap from "../core/swap/Swap.ts"
import * as FeatureChunk from "./FeatureChunk.ts"

export const make = (
  context: Context.Context<Features.Features | Features.Environment>,
  form: SubscriptionRef.SubscriptionRef<Swap.SwapState>
): Swapping["Service"] => FeatureChunk.build(context, { key: Swapping, layer: Swapping.layer }, { key: Swap.SwapForm, value: form })
