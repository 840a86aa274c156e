/**
 * The onramp's part of the engine, loaded the first time the Buy view opens (spec §2: feature areas load
 * on demand): the Buying feature over the running features, with the form the engine already shows.
 */
import type * as Context from "effect/Context"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import { Buying } from "../core/features/Buying.ts"
import type * as Features from "../core/features/Features.ts"
import * as Buy from "../core/onramp/Buy.ts"
import * as FeatureChunk from "./FeatureChunk.ts"

export const make = (
  context: Context.Context<Features.Features | Features.Environment>,
  form: SubscriptionRef.SubscriptionRef<Buy.BuyState>
): Buying["Service"] => FeatureChunk.build(context, { key: Buying, layer: Buying.layer }, { key: Buy.BuyForm, value: form })
