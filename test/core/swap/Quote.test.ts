/**
 * Swap arithmetic as properties: the price impact of a constant-product swap is at least its fee, that of a
 * v3 swap at the pool's price is its fee and no more, and the slippage bound only lowers the output.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Quote from "../../../core/swap/Quote.ts"

/** A constant-product pair's output (Uniswap v2's getAmountOut, 0.3 % fee), written here apart from the product. */
const pairOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) => (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

const q192 = 2n ** 192n

describe("Quote", () => {
  it("charges at least the fee as a pair's price impact, and a tolerance only lowers the minimum", () => {
    fc.assert(fc.property(fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }), fc.bigInt({ min: 10n ** 24n, max: 10n ** 30n }), fc.bigInt({ min: 10n ** 24n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 499_999n }), (amountIn, reserveIn, reserveOut, slippage) => {
      const out = pairOut(amountIn, reserveIn, reserveOut)
      expect(Quote.priceImpactPpm(amountIn, out, reserveIn, reserveOut)).toBeGreaterThanOrEqual(2_999n)
      const minimum = Quote.minimumOut(out, slippage)
      expect(minimum).toBeLessThanOrEqual(out)
      expect(out - minimum).toBeLessThanOrEqual((out * slippage) / 1_000_000n + 1n)
    }))
  })

  it("measures a v3 swap against the pool's price in either direction: the fee alone at the pool's price, more below it, never negative", () => {
    const fees = fc.constantFrom(100n, 500n, 3_000n, 10_000n)
    fc.assert(fc.property(fc.bigInt({ min: 2n ** 70n, max: 2n ** 120n }), fc.bigInt({ min: 10n ** 15n, max: 10n ** 24n }), fees, fc.boolean(), (sqrtPriceX96, amountIn, fee, zeroForOne) => {
      const squared = sqrtPriceX96 * sqrtPriceX96
      // What the swap returns at the pool's price (token1 per token0 is √P², scaled by 2^192), less the fee.
      const atPrice = zeroForOne ? (amountIn * squared) / q192 : (amountIn * q192) / squared
      fc.pre(atPrice >= 10n ** 9n)
      const out = (atPrice * (1_000_000n - fee)) / 1_000_000n
      const impact = Quote.poolPriceImpactPpm(amountIn, out, sqrtPriceX96, zeroForOne)
      expect(impact).toBeGreaterThanOrEqual(fee)
      expect(impact).toBeLessThanOrEqual(fee + 1n)
      expect(Quote.poolPriceImpactPpm(amountIn, out / 2n, sqrtPriceX96, zeroForOne)).toBeGreaterThan(impact)
      // Better than the pool's price (never quoted, but never below zero either).
      expect(Quote.poolPriceImpactPpm(amountIn, atPrice * 2n, sqrtPriceX96, zeroForOne)).toBe(0n)
    }))
  })

  it("reads tolerances from 0 to under 50 % with up to four decimals", () => {
    expect(Quote.percentToPpm("1")).toBe(10_000n)
    expect(Quote.percentToPpm("0.5")).toBe(5_000n)
    expect(Quote.percentToPpm("49.9999")).toBe(499_999n)
    for (const refused of ["50", "-1", "1e2", "0x1", "", "1.23456", " 1"]) expect(Quote.percentToPpm(refused)).toBeUndefined()
  })
})
