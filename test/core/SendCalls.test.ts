import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SendCalls from "../../core/SendCalls.ts"

const to = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

describe("SendCalls", () => {
  it.effect("calls with a to and optional 0x data pass unchanged", () =>
    Effect.gen(function*() {
      const calls = [{ to }, { to, data: "0x" }, { to, data: "0xa9059cbb", value: "0x1" }]
      assert.deepStrictEqual(yield* SendCalls.validate(calls), calls)
      assert.deepStrictEqual(yield* SendCalls.validate([]), [])
    }))

  it.effect("a call without to fails, naming its index", () =>
    Effect.gen(function*() {
      const missing = yield* Effect.flip(SendCalls.validate([{ to }, { data: "0x" }]))
      assert.strictEqual(missing._tag, "CallMissingToError")
      assert.strictEqual(missing.index, 1)
      assert.strictEqual(missing.message, "Each call needs a 'to' address")
      const empty = yield* Effect.flip(SendCalls.validate([{ to: "" }]))
      assert.strictEqual(empty._tag, "CallMissingToError")
    }))

  it.effect("data that does not start with 0x fails", () =>
    Effect.gen(function*() {
      for (const data of ["a9059cbb", "", "0X12", " 0x12"]) {
        const error = yield* Effect.flip(SendCalls.validate([{ to, data }]))
        assert.strictEqual(error._tag, "CallDataNotHexError")
        assert.strictEqual(error.message, "Call data must start with 0x")
        assert.strictEqual(error.index, 0)
      }
    }))

  it("the Call schema applies the same rules", () => {
    const isCall = Schema.is(SendCalls.Call)
    assert.isTrue(isCall({ to, data: "0x00" }))
    assert.isFalse(isCall({ data: "0x00" }))
    assert.isFalse(isCall({ to: "" }))
    assert.isFalse(isCall({ to, data: "00" }))
  })
})
