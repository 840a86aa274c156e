/**
 * The host's `features` option checked against its types (spec §9, default features): each flag a
 * boolean, `socials` a list of providers or false. Hosts write plain objects (often from JSON or an
 * environment variable), so a value of the wrong type is caught here rather than read as truthy: a flag
 * that does not decode is off (fail-closed: `swaps: "false"` must not turn swaps on) and the developer
 * is told which ones. A key Portico does not know is told too and ignored.
 *
 * A feature that is off is not offered in the Account view (send/WalletFeatures.visible) and its action
 * refuses with `FeatureDisabledError` (features/Swapping.ts, features/Buying.ts).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type * as Config from "./Config.ts"
import { fixed } from "./FixedMessage.ts"
import { LoginProvider } from "./SocialProvider.ts"

/** Each feature's Schema. */
export const fields = {
  allWallets: Schema.Boolean,
  email: Schema.Boolean,
  socials: Schema.Union([Schema.Array(LoginProvider), Schema.Literal(false)]),
  receive: Schema.Boolean,
  send: Schema.Boolean,
  swaps: Schema.Boolean,
  onramp: Schema.Boolean,
  analytics: Schema.Boolean,
  legalCheckbox: Schema.Boolean
} as const satisfies { readonly [K in keyof Config.Features]: Schema.Codec<Config.Features[K], unknown> }

/** The host's features option: every key optional. */
export const HostFeatures = Schema.Struct({
  allWallets: Schema.optionalKey(fields.allWallets),
  email: Schema.optionalKey(fields.email),
  socials: Schema.optionalKey(fields.socials),
  receive: Schema.optionalKey(fields.receive),
  send: Schema.optionalKey(fields.send),
  swaps: Schema.optionalKey(fields.swaps),
  onramp: Schema.optionalKey(fields.onramp),
  analytics: Schema.optionalKey(fields.analytics),
  legalCheckbox: Schema.optionalKey(fields.legalCheckbox)
})
export type HostFeatures = typeof HostFeatures.Type

export interface Checked {
  /** The flags to use: the valid ones as given, the invalid ones off. */
  readonly features: HostFeatures
  /** Keys whose value is not of the feature's type (now off). */
  readonly invalid: ReadonlyArray<string>
  /** Keys that name no feature (ignored). */
  readonly unknown: ReadonlyArray<string>
}

const isFeature = (key: string): key is keyof typeof fields => Object.hasOwn(fields, key)

/** Checks each flag on its own, so one bad value turns off only its feature. */
export const check = (input: unknown): Checked => {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { features: {}, invalid: input === undefined ? [] : ["features"], unknown: [] }
  }
  const features: Record<string, unknown> = {}
  const invalid: Array<string> = []
  const unknown: Array<string> = []
  for (const [key, value] of Object.entries(input)) {
    if (!isFeature(key)) {
      unknown.push(key)
      continue
    }
    const decoded = Schema.decodeUnknownOption(fields[key])(value)
    if (Option.isNone(decoded)) invalid.push(key)
    features[key] = Option.getOrElse(decoded, () => false)
  }
  // Each value was decoded by its own field's Schema just above.
  return { features: features as HostFeatures, invalid, unknown }
}

/** Refuses when the host turned `feature` off. */
export const ensureOn = (config: Config.ResolvedConfig, feature: FeatureDisabledError["feature"]): Effect.Effect<void, FeatureDisabledError> =>
  config.resolvedFeatures[feature] ? Effect.void : Effect.fail(new FeatureDisabledError({ feature }))

/** A feature the host turned off was asked for (its action called anyway, e.g. by an old view or the host's code). */
export class FeatureDisabledError extends Schema.TaggedError<FeatureDisabledError>()("FeatureDisabledError", {
  feature: Schema.Literals(["swaps", "onramp"]),
  message: fixed("This feature is turned off on this site")
}) {}
