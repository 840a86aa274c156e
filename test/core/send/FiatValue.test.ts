import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import * as FiatValue from "../../../core/send/FiatValue.ts"
import type { TokenBalance } from "../../../core/TokenBalance.ts"

const balance = (value: number | undefined): TokenBalance => ({
  name: "T", symbol: "T", chainId: "eip155:1", iconUrl: "", quantity: { decimals: "6", numeric: "1" }, ...(value === undefined ? {} : { value })
})

describe("fiat values", () => {
  it("multiplies on digits, never in floating point", () => {
    expect(FiatValue.of("0.1", 0.2)).toBe("0.02")
    expect(FiatValue.of("1.5", 3000)).toBe("4500")
    expect(FiatValue.of("0.000000000000000001", 3000)).toBe("0.000000000000003")
    expect(FiatValue.of("3", 1e-7)).toBe("0.0000003")
    expect(FiatValue.of("1.5", undefined)).toBeUndefined()
    expect(FiatValue.of("abc", 1)).toBeUndefined()
    expect(FiatValue.of("", 1)).toBeUndefined()
  })

  it("property: agrees with bigint arithmetic on cents", () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 1_000_000 }), (amountCents, priceCents) => {
      const amount = `${amountCents / 100n}.${String(amountCents % 100n).padStart(2, "0")}`
      const value = FiatValue.of(amount, priceCents / 100)
      const expected = amountCents * BigInt(priceCents)
      const digits = expected.toString().padStart(5, "0")
      const exact = `${digits.slice(0, -4).replace(/^0+(?=\d)/, "")}.${digits.slice(-4)}`.replace(/\.?0+$/, "")
      expect(value).toBe(exact === "" ? "0" : exact)
    }))
  })

  it("totals the portfolio exactly, skipping balances without a value", () => {
    expect(FiatValue.portfolio([balance(0.1), balance(0.2), balance(undefined)])).toBe("0.3")
    expect(FiatValue.portfolio([])).toBe("0")
  })
})
