/**
 * The host's `features` option checked against its types (spec §9): valid flags kept as given, a flag
 * of the wrong type off (fail-closed) and named to the developer, an unknown key named and ignored; a
 * feature turned off refuses its action with FeatureDisabledError.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as fc from "fast-check"
import * as Config from "../../core/Config.ts"
import * as DeveloperAlerts from "../../core/DeveloperAlerts.ts"
import * as FeatureFlags from "../../core/FeatureFlags.ts"
import * as HostFeatures from "../../core/HostFeatures.ts"

const base: Config.PorticoConfig = { projectId: "p", networks: [], metadata: { name: "", description: "", url: "", icons: [] }, apiUrl: "https://api.test" }

describe("FeatureFlags.check", () => {
  it("keeps every well-typed flag as given, and says nothing", () => {
    const flag = fc.option(fc.boolean(), { nil: undefined })
    fc.assert(fc.property(fc.record({ swaps: flag, onramp: flag, send: flag, receive: flag, allWallets: flag, email: flag, analytics: flag }), (given) => {
      const input = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined))
      const checked = FeatureFlags.check(input)
      assert.deepStrictEqual(checked.features, input)
      assert.deepStrictEqual([checked.invalid, checked.unknown], [[], []])
    }))
  })

  it("turns a flag of the wrong type off (a string 'false' must not read as on) and names it", () => {
    const checked = FeatureFlags.check({ swaps: "false", onramp: 1, socials: ["google", "myspace"], send: true })
    assert.deepStrictEqual(checked.features, { swaps: false, onramp: false, socials: false, send: true })
    assert.deepStrictEqual(checked.invalid, ["swaps", "onramp", "socials"])
    const resolved = Config.features({ ...base, features: checked.features })
    assert.deepStrictEqual([resolved.swaps, resolved.onramp, resolved.send], [false, false, true])
    assert.deepStrictEqual(DeveloperAlerts.ofFeatures(checked), [{ key: "InvalidFeatures", detail: "Off: swaps, onramp, socials." }])
  })

  it("names a key that is no feature and ignores it; a features option that is not an object is refused whole", () => {
    const checked = FeatureFlags.check({ swap: false, onramp: false })
    assert.deepStrictEqual([checked.features, checked.unknown], [{ onramp: false }, ["swap"]])
    assert.deepStrictEqual(DeveloperAlerts.ofFeatures(checked), [{ key: "InvalidFeatures", detail: "Not a feature (ignored): swap." }])
    assert.deepStrictEqual(FeatureFlags.check("all").invalid, ["features"])
    assert.deepStrictEqual(FeatureFlags.check(undefined), { features: {}, invalid: [], unknown: [] })
  })

  it("swaps and onramp are on by default and typed in the host's config", () => {
    const defaults = Config.features(base)
    assert.deepStrictEqual([defaults.swaps, defaults.onramp], [true, true])
    const off = Config.features({ ...base, features: { swaps: false, onramp: false } })
    assert.deepStrictEqual([off.swaps, off.onramp], [false, false])
  })

  it.effect("a feature turned off refuses with FeatureDisabledError, one that is on passes", () =>
    Effect.gen(function*() {
      const config = Config.resolve({ ...base, features: { swaps: false } })
      const refused = yield* Effect.exit(HostFeatures.ensureOn(config, "swaps"))
      assert.isTrue(Exit.isFailure(refused))
      const error = yield* Effect.flip(HostFeatures.ensureOn(config, "swaps"))
      assert.deepStrictEqual([error._tag, error.feature, error.message], ["FeatureDisabledError", "swaps", "This feature is turned off on this site"])
      assert.isTrue(Exit.isSuccess(yield* Effect.exit(HostFeatures.ensureOn(config, "onramp"))))
    }))
})
