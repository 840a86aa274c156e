import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import * as Constants from "../../core/Constants.ts"
import * as Pairing from "../../core/Pairing.ts"

describe("Pairing expiry", () => {
  it("is 4 minutes with a 10 s threshold", () => {
    assert.strictEqual(Constants.pairingExpiryMillis, 240_000)
    assert.strictEqual(Constants.pairingExpiryThresholdMillis, 10_000)
    assert.strictEqual(Pairing.expiryFrom(1_000), 241_000)
  })

  it("expired when absent or under 10 s remain", () => {
    assert.isTrue(Pairing.isExpiredAt(undefined, 0))
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: -1_000_000, max: 1_000_000 }), (now, left) => {
        assert.strictEqual(Pairing.isExpiredAt(now + left, now), left < 10_000)
      })
    )
  })

  it.effect("with Clock: valid until 3 min 50 s, expired 1 ms later", () =>
    Effect.gen(function*() {
      const expiry = yield* Pairing.makeExpiry
      yield* TestClock.adjust(Constants.pairingExpiryMillis - Constants.pairingExpiryThresholdMillis)
      assert.isFalse(yield* Pairing.isExpired(expiry))
      yield* TestClock.adjust(1)
      assert.isTrue(yield* Pairing.isExpired(expiry))
      assert.isTrue(yield* Pairing.isExpired(undefined))
    }))
})
