/**
 * The buy form's rules: fiat amounts read exactly in cents, the payment method's limits bound the amount
 * (spec §9: card 10.00–7500.00, bank 10.00–25000.00), currencies offered on the active network only (all
 * of them with the built-in fallback), the best quote buys the most and an estimate never beats a real
 * quote; the estimate's fee is the top of the spec's range; the restricted timezones hide nothing else.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Onramp from "../../../core/Onramp.ts"
import * as Buy from "../../../core/onramp/Buy.ts"
import { estimatedFeePercent, estimatedQuote } from "../../../core/onramp/EstimatedQuote.ts"
import { isRestrictedTimezone } from "../../../core/onramp/RestrictedTimezones.ts"

const decimal = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`

describe("cents", () => {
  it("reads digits with up to two decimals exactly, and nothing else", () => {
    expect(Buy.cents("12.5")).toBe(1250n)
    expect(Buy.cents(" 10 ")).toBe(1000n)
    expect(Buy.cents("0.07")).toBe(7n)
    for (const bad of ["", ".5", "1.234", "1e3", "-5", "1,5", "0x10", "5."]) expect(Buy.cents(bad)).toBeUndefined()
  })

  it("round-trips every amount", () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (value) => Buy.cents(decimal(value)) === value))
  })
})

describe("amountProblem", () => {
  const card = { min: "10.00", max: "7500.00" }

  it("accepts exactly the amounts within the limits, bounds included", () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 2_000_000n }), (value) => {
      const problem = Buy.amountProblem(decimal(value), card)
      if (value < 1000n) return problem?.kind === "belowMin" && problem.min === "10.00"
      if (value > 750_000n) return problem?.kind === "aboveMax" && problem.max === "7500.00"
      return problem === undefined
    }))
    expect(Buy.amountProblem("10", card)).toBeUndefined()
    expect(Buy.amountProblem("7500.00", card)).toBeUndefined()
    expect(Buy.amountProblem("7500.01", card)?.kind).toBe("aboveMax")
    expect(Buy.amountProblem("9.99", card)?.kind).toBe("belowMin")
  })

  it("calls anything but a positive amount with two decimals invalid", () => {
    for (const bad of ["0", "0.00", "abc", "1.001", "-20"]) expect(Buy.amountProblem(bad, card)).toEqual({ kind: "invalid" })
  })

  it("finds the fallback limits of spec §9 for USD and EUR", () => {
    for (const currency of ["USD", "EUR"]) {
      expect(Buy.limitOf(Onramp.fallbackOptions, currency, "card")).toMatchObject({ min: "10.00", max: "7500.00" })
      expect(Buy.limitOf(Onramp.fallbackOptions, currency, "ach_bank_account")).toMatchObject({ min: "10.00", max: "25000.00" })
    }
    expect(Buy.limitOf(Onramp.fallbackOptions, "GBP", "card")).toBeUndefined()
  })
})

describe("currenciesOn", () => {
  const options: Onramp.OnrampOptions = {
    purchaseCurrencies: [
      { id: "ETH", name: "Ether", symbol: "ETH", networks: [{ name: "devnet", display_name: "Devnet", chain_id: "31337", contract_address: "" }] },
      { id: "SOL", name: "Solana", symbol: "SOL", networks: [{ name: "solana", display_name: "Solana", chain_id: "solana", contract_address: "" }] }
    ],
    paymentCurrencies: []
  }

  it("offers what the active network has, everything with the fallback, nothing before the options", () => {
    expect(Buy.currenciesOn({ options, fallback: false }, "31337").map((currency) => currency.id)).toEqual(["ETH"])
    expect(Buy.currenciesOn({ options, fallback: false }, "1")).toEqual([])
    expect(Buy.currenciesOn({ options, fallback: true }, "1").map((currency) => currency.id)).toEqual(["ETH", "SOL"])
    expect(Buy.currenciesOn({ options: undefined, fallback: false }, "31337")).toEqual([])
  })
})

const quote = (id: string, amount: string, estimate = false): Buy.ProviderQuote => ({
  provider: { id, name: id },
  estimate,
  quote: { ...estimatedQuote({ purchaseCurrency: "USDC", paymentCurrency: "USD", amount: "50" }), purchaseAmount: { amount, currency: "USDC" } }
})

describe("bestQuote and chosenQuote", () => {

  it("picks the quote that buys the most, a real quote before any estimate, and the visitor's pick over both", () => {
    const quotes = [quote("a", "49.5"), quote("b", "49"), quote("c", "60", true)]
    expect(Buy.bestQuote(quotes)?.provider.id).toBe("a")
    expect(Buy.bestQuote([quote("c", "60", true), quote("b", "1")])?.provider.id).toBe("b")
    expect(Buy.chosenQuote({ quotes, provider: "b" })?.provider.id).toBe("b")
    expect(Buy.chosenQuote({ quotes, provider: "gone" })?.provider.id).toBe("a")
    expect(Buy.bestQuote([])).toBeUndefined()
  })
})

describe("estimatedQuote", () => {
  it("charges at least the top of the fee range and adds up to the amount paid", () => {
    fc.assert(fc.property(fc.bigInt({ min: 1000n, max: 2_500_000n }), (value) => {
      const estimate = estimatedQuote({ purchaseCurrency: "USDC", paymentCurrency: "USD", amount: decimal(value), usdPrice: 1 })
      const fee = Buy.cents(estimate.coinbaseFee.amount) ?? -1n
      const subtotal = Buy.cents(estimate.paymentSubtotal.amount) ?? -1n
      return fee * 100n >= value * BigInt(estimatedFeePercent) &&
        (fee - 1n) * 100n < value * BigInt(estimatedFeePercent) &&
        fee + subtotal === value &&
        estimate.paymentTotal.amount === decimal(value) &&
        estimate.quoteId === "estimate"
    }))
  })

  it("prices the tokens only with a USD price for a USD payment", () => {
    expect(estimatedQuote({ purchaseCurrency: "USDC", paymentCurrency: "USD", amount: "50", usdPrice: 1 }).purchaseAmount.amount).toBe("49.000000")
    expect(estimatedQuote({ purchaseCurrency: "ETH", paymentCurrency: "USD", amount: "50", usdPrice: 2000 }).purchaseAmount.amount).toBe("0.024500")
    expect(estimatedQuote({ purchaseCurrency: "USDC", paymentCurrency: "EUR", amount: "50", usdPrice: 1 }).purchaseAmount.amount).toBe("")
    expect(estimatedQuote({ purchaseCurrency: "USDC", paymentCurrency: "USD", amount: "50" }).purchaseAmount.amount).toBe("")
  })
})

describe("isRestrictedTimezone", () => {
  it("restricts the Chinese regions' zones, in any case, and no other", () => {
    for (const zone of ["Asia/Shanghai", "asia/urumqi", "Asia/Hong_Kong", "Asia/Macau", "PRC"]) expect(isRestrictedTimezone(zone)).toBe(true)
    for (const zone of ["Europe/Berlin", "Asia/Tokyo", "Asia/Singapore", "UTC", undefined]) expect(isRestrictedTimezone(zone)).toBe(false)
  })
})
