import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as fc from "fast-check"
import { parseUnits } from "viem"
import * as Amount from "../../../core/send/Amount.ts"

const parse = (text: string, decimals: number) => Effect.runSyncExit(Amount.parse(text, decimals))

describe("send amounts", () => {
  it("parses with the token's decimals, exactly", () => {
    assert.deepStrictEqual(parse("1.5", 6), Exit.succeed(1_500_000n))
    assert.deepStrictEqual(parse("0.1", 18), Exit.succeed(100_000_000_000_000_000n))
    assert.deepStrictEqual(parse(".5", 1), Exit.succeed(5n))
    assert.deepStrictEqual(parse("7.", 2), Exit.succeed(700n))
    assert.deepStrictEqual(parse("123456789012345678901234567890", 0), Exit.succeed(123456789012345678901234567890n))
  })

  it("refuses more fraction digits than the token has, zero, and anything but digits and one point", () => {
    for (const [text, decimals] of [["1.0000001", 6], ["0", 6], ["0.000", 6], ["", 6], ["1e3", 6], ["-1", 6], ["1,5", 6], ["1.2.3", 6], ["0x10", 6], ["Infinity", 6], ["NaN", 6], [".", 6]] as const) {
      const exit = parse(text, decimals)
      assert.isTrue(Exit.isFailure(exit), `${text} should fail`)
    }
  })

  it("property: format then parse gives back every positive amount at every decimals", () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 40n }), fc.integer({ min: 0, max: 36 }), (units, decimals) => {
      assert.deepStrictEqual(parse(Amount.format(units, decimals), decimals), Exit.succeed(units))
    }))
  })

  it("property: agrees with viem's parseUnits on every accepted decimal string", () => {
    const decimalText = fc.tuple(fc.stringMatching(/^\d{1,20}$/), fc.stringMatching(/^\d{0,18}$/))
      .map(([integer, fraction]) => (fraction === "" ? integer : `${integer}.${fraction}`))
    fc.assert(fc.property(decimalText, fc.integer({ min: 18, max: 30 }), (text, decimals) => {
      const expected = parseUnits(text, decimals)
      const exit = parse(text, decimals)
      if (expected === 0n) assert.isTrue(Exit.isFailure(exit))
      else assert.deepStrictEqual(exit, Exit.succeed(expected))
    }))
  })

  it("property: a fraction longer than the decimals always fails", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 18 }), fc.integer({ min: 1, max: 5 }), (decimals, extra) => {
      assert.isTrue(Exit.isFailure(parse(`1.${"1".repeat(decimals + extra)}`, decimals)))
    }))
  })

  it("withinBalance compares integers against the decimal balance", () => {
    assert.isTrue(Amount.withinBalance(1_500_000n, "1.5", 6))
    assert.isFalse(Amount.withinBalance(1_500_001n, "1.5", 6))
    assert.isTrue(Amount.withinBalance(1n, "0.000001", 6))
  })

  it("Max is the balance, less the fee for the native coin, never negative", () => {
    assert.strictEqual(Amount.max("1.5", 6), "1.5")
    assert.strictEqual(Amount.max("1", 18, 21_000n * 1_000_000_000n), "0.999979")
    assert.strictEqual(Amount.max("0.00001", 18, 10n ** 18n), "0")
    assert.strictEqual(Amount.max("0.1234567", 6), "0.123456")
  })
})
