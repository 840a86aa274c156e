/**
 * A feature the host turned off (its flags are checked in core/FeatureFlags.ts) is not offered in the
 * Account view (send/WalletFeatures.visible), and its action refuses with `FeatureDisabledError`
 * (features/Swapping.ts, features/Buying.ts).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Config from "./Config.ts"
import { fixed } from "./FixedMessage.ts"

/** Refuses when the host turned `feature` off. */
export const ensureOn = (config: Config.ResolvedConfig, feature: FeatureDisabledError["feature"]): Effect.Effect<void, FeatureDisabledError> =>
  config.resolvedFeatures[feature] ? Effect.void : Effect.fail(new FeatureDisabledError({ feature }))

/** A feature the host turned off was asked for (its action called anyway, e.g. by an old view or the host's code). */
export class FeatureDisabledError extends Schema.TaggedError<FeatureDisabledError>()("FeatureDisabledError", {
  feature: Schema.Literals(["swaps", "onramp"]),
  message: fixed("This feature is turned off on this site")
}) {}
