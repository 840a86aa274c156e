import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { formatUnits as viemFormatUnits } from "viem"
import * as Format from "../../core/Format.ts"

/** A decimal string for `mantissa / 10^scale`, written out digit by digit. */
const decimalText = (mantissa: bigint, scale: number): string => {
  const negative = mantissa < 0n
  const digits = (negative ? -mantissa : mantissa).toString().padStart(scale + 1, "0")
  const cut = digits.length - scale
  return `${negative ? "-" : ""}${digits.slice(0, cut)}${scale > 0 ? `.${digits.slice(cut)}` : ""}`
}

/** `text` (a plain decimal) times 10^decimals as a bigint: exact, no floats. */
const scaled = (text: string, decimals: number): bigint => {
  const [integer = "0", fraction = ""] = text.replace("-", "").split(".")
  const value = BigInt(integer + fraction.padEnd(decimals, "0").slice(0, decimals))
  return text.startsWith("-") ? -value : value
}

const magnitude = (x: bigint) => (x < 0n ? -x : x)

const mantissa = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n })
const scale = fc.integer({ min: 0, max: 30 })
const decimals = fc.integer({ min: 0, max: 8 })

describe("Format", () => {
  it("truncate cuts toward zero: equal to bigint division, never rounded up", () => {
    fc.assert(
      fc.property(mantissa, scale, decimals, (m, s, d) => {
        const truncated = Format.truncate(decimalText(m, s), d)
        // bigint division truncates toward zero, which is what display truncation means.
        const expected = (m * 10n ** BigInt(d)) / 10n ** BigInt(s)
        assert.strictEqual(scaled(truncated, d), expected)
        const fraction = truncated.split(".")[1] ?? ""
        assert.isAtMost(fraction.length, d)
        assert.isFalse(fraction.endsWith("0"))
      })
    )
  })

  it("truncate reads floats through their exact shortest decimal, exponents included", () => {
    assert.strictEqual(Format.truncate(1.9999, 3), "1.999")
    assert.strictEqual(Format.truncate(0.1 + 0.2, 2), "0.3")
    assert.strictEqual(Format.truncate(1e-7, 3), "0")
    assert.strictEqual(Format.truncate(1.5e21, 0), "1500000000000000000000")
    assert.strictEqual(Format.truncate(1.23456e-3, 4), "0.0012")
    assert.strictEqual(Format.truncate("-0.0001", 3), "0", "no negative zero")
    assert.strictEqual(Format.truncate("-1.2399", 2), "-1.23")
    assert.strictEqual(Format.truncate(12n, 2), "12")
    assert.strictEqual(Format.truncate(".5", 2), "0.5")
  })

  it("unreadable input shows as zero rather than NaN", () => {
    for (const value of ["", "abc", "1.2.3", Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.strictEqual(Format.truncate(value, 2), "0")
    }
  })

  it("formatUnits agrees with viem's formatUnits", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 50n), max: 10n ** 50n }), fc.integer({ min: 0, max: 36 }), (value, d) => {
        assert.strictEqual(Format.formatUnits(value, d), viemFormatUnits(value, d))
      })
    )
  })

  it("balances truncate to 3 decimals, token balances to 2, activity amounts to 3", () => {
    assert.strictEqual(Format.formatBalance("1.9999"), "1.999")
    assert.strictEqual(Format.formatBalance("1234567.1"), "1,234,567.100")
    assert.strictEqual(Format.formatTokenBalance("0.999"), "0.99")
    assert.strictEqual(Format.formatTokenBalance(12.345), "12.34")
    assert.strictEqual(Format.formatActivityAmount("0.00099"), "0.000")
    assert.strictEqual(Format.formatActivityAmount("2.71828"), "2.718")
  })

  it("truncating display never shows more than the value, for huge and tiny values alike", () => {
    fc.assert(
      fc.property(mantissa, scale, (m, s) => {
        const text = decimalText(m, s)
        const shown = Format.formatBalance(text).replaceAll(",", "")
        const common = Math.max(s, 3)
        const shownScaled = scaled(shown, common)
        const valueScaled = m * 10n ** BigInt(common - s)
        assert.isTrue(magnitude(shownScaled) <= magnitude(valueScaled), `${text} -> ${shown}`)
        assert.strictEqual(scaled(shown, 3), (m * 1000n) / 10n ** BigInt(s))
      })
    )
  })

  it("numbers use a locale format with 2 decimals by default, rounding exact decimals", () => {
    assert.strictEqual(Format.formatNumber(1234.5), "1,234.50")
    assert.strictEqual(Format.formatNumber("1.005"), "1.01", "1.005 as a float would round down")
    assert.strictEqual(Format.formatNumber("1.005", { decimals: 0 }), "1")
    assert.strictEqual(Format.formatNumber(1234.5, { locale: "de-DE" }), "1.234,50")
    assert.strictEqual(Format.formatBalance("1234.5678", "de-DE"), "1.234,567")
    assert.strictEqual(Format.formatNumber("123456789012345678901234.5"), "123,456,789,012,345,678,901,234.50")
  })
})

describe("Format.formatRelativeTime", () => {
  const now = 1_700_000_000_000
  const minute = 60_000
  const hour = 60 * minute
  const day = 24 * hour

  it("uses the largest whole unit with short labels, never rounding up", () => {
    assert.strictEqual(Format.formatRelativeTime(now - 4_000, now), "4 sec. ago")
    assert.strictEqual(Format.formatRelativeTime(now - 59 * minute - 59_000, now), "59 min. ago")
    assert.strictEqual(Format.formatRelativeTime(now - hour, now), "1 hr. ago")
    assert.strictEqual(Format.formatRelativeTime(now - 2 * day - 23 * hour, now), "2 days ago")
    assert.strictEqual(Format.formatRelativeTime(now - 45 * day, now), "1 mo. ago")
    assert.strictEqual(Format.formatRelativeTime(now - 800 * day, now), "2 yr. ago")
    assert.strictEqual(Format.formatRelativeTime(now, now), "now")
    assert.strictEqual(Format.formatRelativeTime(now - 999, now), "now")
    assert.strictEqual(Format.formatRelativeTime(now + 5 * minute, now), "in 5 min.")
  })

  it("follows the locale", () => {
    assert.strictEqual(Format.formatRelativeTime(now - 3 * hour, now, "de-DE"), "vor 3 Std.")
  })
})

describe("Format.formatPercent", () => {
  it("writes a percentage the locale's way: its separator, its sign, its spacing", () => {
    assert.strictEqual(Format.formatPercent("1.5"), "1.5%")
    assert.strictEqual(Format.formatPercent("12.345", "en"), "12.35%")
    assert.strictEqual(Format.formatPercent("1.5", "de"), "1,5\u00a0%")
    assert.strictEqual(Format.formatPercent("1.5", "tr"), "%1,5")
  })
})

describe("formatFee", () => {
  it("keeps a small fee's first two significant digits, where a balance's three decimals would read 0.000", () => {
    assert.strictEqual(Format.formatFee("0.000021"), "0.000021")
    assert.strictEqual(Format.formatFee("0.000005"), "0.000005")
    assert.strictEqual(Format.formatFee("0.0000051234"), "0.0000051")
    assert.strictEqual(Format.formatFee("0.0123"), "0.012")
    assert.strictEqual(Format.formatFee("1.23456"), "1.234")
    assert.strictEqual(Format.formatFee("0"), "0.000")
  })

  it("never shows zero for a fee above zero, and never more than the fee (truncated, not rounded up)", () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), (wei) => {
      const text = Format.formatUnits(wei, 18)
      const shown = Format.formatFee(text).replaceAll(",", "")
      assert.isTrue(Number(shown) > 0 || wei < 10n ** 6n, `${text} shown as ${shown}`)
      assert.isTrue(Number(shown) <= Number(text) * (1 + 1e-12))
    }))
  })
})
