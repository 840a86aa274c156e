/**
 * The host's `features` option checked against its types (spec §9, default features): each flag a
 * boolean, `socials` a list of providers or false. Hosts write plain objects (often from JSON or an
 * environment variable), so a value of the wrong type is caught here rather than read as truthy: a flag
 * of the wrong type is off (fail-closed: `swaps: "false"` must not turn swaps on) and the developer is
 * told which ones (core/DeveloperAlerts.ts). A key Portico does not know is told too and ignored. Free of
 * Effect: the modal's first stage (app/Lobby.ts) reads the same flags as the engine.
 */
import type * as Config from "./Config.ts"
import * as LoginProviders from "./LoginProviders.ts"

const isBoolean = (u: unknown): u is boolean => typeof u === "boolean"

const isSocials = (u: unknown): u is Config.Features["socials"] =>
  u === false || (Array.isArray(u) && u.every(LoginProviders.isLoginProvider))

/** Each feature's check. */
const checks: { readonly [K in keyof Config.Features]: (u: unknown) => u is Config.Features[K] } = {
  allWallets: isBoolean,
  email: isBoolean,
  socials: isSocials,
  receive: isBoolean,
  send: isBoolean,
  swaps: isBoolean,
  onramp: isBoolean,
  analytics: isBoolean,
  legalCheckbox: isBoolean
}

export interface Checked {
  /** The flags to use: the valid ones as given, the invalid ones off. */
  readonly features: Partial<Config.Features>
  /** Keys whose value is not of the feature's type (now off). */
  readonly invalid: ReadonlyArray<string>
  /** Keys that name no feature (ignored). */
  readonly unknown: ReadonlyArray<string>
}

const isFeature = (key: string): key is keyof Config.Features => Object.hasOwn(checks, key)

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
    const valid = checks[key](value)
    if (!valid) invalid.push(key)
    features[key] = valid ? value : false
  }
  // Each value passed its own feature's check just above (or is false, which every feature takes).
  return { features: features as Partial<Config.Features>, invalid, unknown }
}
