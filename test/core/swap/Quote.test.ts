/** Constant-product arithmetic as properties: outputs stay inside the pool, grow with the input, and the slippage bound only lowers them. */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Quote from "../../../core/swap/Quote.ts"

const units = fc.bigInt({ min: 1n, max: 10n ** 30n })

describe("Quote", () => {
  it("never returns the whole reserve, and more input never returns less", () => {
    fc.assert(fc.property(units, units, units, units, (a, b, reserveIn, reserveOut) => {
      const [small, large] = a < b ? [a, b] : [b, a]
      const out = Quote.amountOut(large, reserveIn, reserveOut, 30n)
      expect(out).toBeLessThan(reserveOut)
      expect(Quote.amountOut(small, reserveIn, reserveOut, 30n)).toBeLessThanOrEqual(out)
    }))
  })
  it("keeps the k of the pool from falling: (in + fee-free part)·(out side) stays at least k", () => {
    fc.assert(fc.property(units, units, units, (amountIn, reserveIn, reserveOut) => {
      const out = Quote.amountOut(amountIn, reserveIn, reserveOut, 30n)
      expect((reserveIn + amountIn) * (reserveOut - out)).toBeGreaterThanOrEqual(reserveIn * reserveOut)
    }))
  })
  it("charges at least the fee as price impact, and a tolerance only lowers the minimum", () => {
    fc.assert(fc.property(fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }), fc.bigInt({ min: 10n ** 24n, max: 10n ** 30n }), fc.bigInt({ min: 10n ** 24n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 499_999n }), (amountIn, reserveIn, reserveOut, slippage) => {
      const out = Quote.amountOut(amountIn, reserveIn, reserveOut, 30n)
      expect(Quote.priceImpactPpm(amountIn, out, reserveIn, reserveOut)).toBeGreaterThanOrEqual(2_999n)
      const minimum = Quote.minimumOut(out, slippage)
      expect(minimum).toBeLessThanOrEqual(out)
      expect(out - minimum).toBeLessThanOrEqual((out * slippage) / 1_000_000n + 1n)
    }))
  })
  it("reads tolerances from 0 to under 50 % with up to four decimals", () => {
    expect(Quote.percentToPpm("1")).toBe(10_000n)
    expect(Quote.percentToPpm("0.5")).toBe(5_000n)
    expect(Quote.percentToPpm("49.9999")).toBe(499_999n)
    for (const refused of ["50", "-1", "1e2", "0x1", "", "1.23456", " 1"]) expect(Quote.percentToPpm(refused)).toBeUndefined()
  })
})
