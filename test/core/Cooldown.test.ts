import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import * as Constants from "../../core/Constants.ts"
import * as Cooldown from "../../core/Cooldown.ts"
import * as Storage from "../../core/Storage.ts"
import * as StorageKey from "../../core/StorageKey.ts"

/** A mail sent through the gate: it must be open, then it closes. */
const trigger = (gate: Cooldown.Gate) => Effect.andThen(Cooldown.ensureOpen(gate), gate.close)

describe("Cooldown rounding", () => {
  it("n = ceil(remaining / 1000) for every remaining in (0, 30000]", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30_000 }), (remaining) => {
        const error = Cooldown.EmailCooldownError.fromRemaining(remaining)
        const n = Math.ceil(remaining / 1000)
        assert.strictEqual(error.seconds, n)
        assert.strictEqual(error.message, `Please try again after ${n} seconds`)
        assert.isTrue(n >= 1 && n <= 30)
      })
    )
    assert.strictEqual(Cooldown.remainingSeconds(1), 1)
    assert.strictEqual(Cooldown.remainingSeconds(1000), 1)
    assert.strictEqual(Cooldown.remainingSeconds(1001), 2)
    assert.strictEqual(Cooldown.remainingSeconds(30_000), 30)
  })

  it("remaining time is within [0, period] whatever the clock does", () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (last, now) => {
        const remaining = Cooldown.remainingMillis(last, now, Constants.emailCooldownMillis)
        assert.isTrue(remaining >= 0 && remaining <= Constants.emailCooldownMillis)
      })
    )
    assert.strictEqual(Cooldown.remainingMillis(undefined, 5, 30_000), 0)
  })
})

describe("Email gate", () => {
  it.effect("refuses a second trigger within 30 s with the remaining seconds rounded up", () =>
    Effect.gen(function*() {
      const gate = yield* Cooldown.makeEmail()
      yield* trigger(gate)
      yield* TestClock.adjust(999)
      const early = yield* Effect.flip(trigger(gate))
      assert.strictEqual(early.message, "Please try again after 30 seconds")
      yield* TestClock.adjust(29_000)
      const late = yield* Effect.flip(trigger(gate))
      assert.strictEqual(late.message, "Please try again after 1 seconds")
      assert.strictEqual(yield* gate.remainingMillis, 1)
    }))

  it.effect("reopens at exactly 30 s (29 999 ms is still closed)", () =>
    Effect.gen(function*() {
      const gate = yield* Cooldown.makeEmail()
      yield* trigger(gate)
      yield* TestClock.adjust(Constants.emailCooldownMillis - 1)
      assert.isFalse(yield* gate.isOpen)
      yield* TestClock.adjust(1)
      assert.isTrue(yield* gate.isOpen)
      assert.isTrue(Exit.isSuccess(yield* Effect.exit(trigger(gate))))
    }))

  it.effect("a refused trigger does not restart the cooldown", () =>
    Effect.gen(function*() {
      const gate = yield* Cooldown.makeEmail()
      yield* trigger(gate)
      yield* TestClock.adjust(20_000)
      yield* Effect.flip(trigger(gate))
      yield* TestClock.adjust(10_000)
      assert.isTrue(yield* gate.isOpen)
    }))

  it.effect("a persisted last trigger time is honoured", () =>
    Effect.gen(function*() {
      yield* TestClock.adjust(100_000)
      const gate = yield* Cooldown.makeEmail(100_000 - 12_500)
      const error = yield* Effect.flip(trigger(gate))
      assert.strictEqual(error.seconds, 18)
      assert.strictEqual(yield* gate.lastClosedAt, 87_500)
    }))
})

describe("Persisted email gate", () => {
  it.effect("survives a reload through Storage", () =>
    Effect.gen(function*() {
      yield* TestClock.adjust(1_000_000)
      const first = yield* Cooldown.makeEmailPersisted
      yield* trigger(first)
      const storage = yield* Storage.Storage
      assert.strictEqual(yield* storage.get(StorageKey.lastEmailLoginTime), 1_000_000)
      yield* TestClock.adjust(10_000)
      const afterReload = yield* Cooldown.makeEmailPersisted
      const error = yield* Effect.flip(trigger(afterReload))
      assert.strictEqual(error.message, "Please try again after 20 seconds")
    }).pipe(Effect.provide(Storage.layerMemory)))
})

describe("Token balance gate", () => {
  it.effect("no retry for 30 s after a failure", () =>
    Effect.gen(function*() {
      const gate = yield* Cooldown.makeTokenBalance()
      assert.isTrue(yield* gate.isOpen)
      yield* gate.close
      assert.isFalse(yield* gate.isOpen)
      yield* TestClock.adjust(Constants.tokenBalanceRetryGateMillis - 1)
      assert.isFalse(yield* gate.isOpen)
      yield* TestClock.adjust(1)
      assert.isTrue(yield* gate.isOpen)
    }))
})
