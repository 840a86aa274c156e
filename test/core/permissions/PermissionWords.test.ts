/**
 * A permission in words (core/permissions/PermissionWords.ts): a limit shown with every digit the chain
 * holds (never rounded up or down), a period in the largest unit that measures it exactly, in the
 * visitor's language.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { exactAmount, periodLength } from "../../../core/permissions/PermissionWords.ts"

describe("exactAmount", () => {
  it("property: every digit is kept (read back without grouping, it is the chain's integer)", () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n }), fc.integer({ min: 0, max: 24 }), (units, decimals) => {
      const shown = exactAmount(units, decimals, "en-US").replaceAll(",", "")
      const [integer, fraction = ""] = shown.split(".")
      expect(BigInt(integer! + fraction.padEnd(decimals, "0"))).toBe(units)
    }))
  })

  it("writes the locale's separators", () => {
    expect(exactAmount(1_234_500_000n, 6, "de-DE")).toBe("1.234,5")
    expect(exactAmount(10_000_000n, 6, "en-US")).toBe("10")
  })
})

describe("periodLength", () => {
  it("names the largest unit that measures the period exactly", () => {
    expect(periodLength(86_400, "en-US")).toBe("1 day")
    expect(periodLength(2 * 86_400, "en-US")).toBe("2 days")
    expect(periodLength(14 * 86_400, "en-US")).toBe("2 weeks")
    expect(periodLength(3_600, "en-US")).toBe("1 hour")
    expect(periodLength(90, "en-US")).toBe("90 seconds")
    expect(periodLength(3 * 86_400, "de-DE")).toBe("3 Tage")
  })

  it("property: the number shown times its unit is the period", () => {
    const seconds = { week: 604_800, weeks: 604_800, day: 86_400, days: 86_400, hour: 3_600, hours: 3_600, minute: 60, minutes: 60, second: 1, seconds: 1 }
    fc.assert(fc.property(fc.integer({ min: 1, max: 90 * 86_400 }), (period) => {
      const [count, unit] = periodLength(period, "en-US").replaceAll(",", "").split(" ") as [string, keyof typeof seconds]
      expect(Number(count) * seconds[unit]).toBe(period)
    }))
  })
})
