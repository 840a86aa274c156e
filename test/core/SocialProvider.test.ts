import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SocialProvider from "../../core/SocialProvider.ts"

describe("SocialProvider", () => {
  it.effect("accepts exactly google, github, apple, facebook, x and discord", () =>
    Effect.gen(function*() {
      for (const provider of ["google", "github", "apple", "facebook", "x", "discord"]) {
        assert.strictEqual(yield* SocialProvider.validate(provider), provider)
      }
      for (const provider of ["farcaster", "twitter", "Google", "", "email"]) {
        const error = yield* Effect.flip(SocialProvider.validate(provider))
        assert.strictEqual(error._tag, "UnsupportedSocialProviderError")
        assert.strictEqual(error.message, "Unsupported social provider")
        assert.strictEqual(error.provider, provider)
      }
      assert.deepStrictEqual(SocialProvider.SocialProvider.literals.toSorted(), ["apple", "discord", "facebook", "github", "google", "x"])
    }))
})
