import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as Onramp from "../../core/Onramp.ts"

describe("Onramp", () => {
  it("the fallback options are valid options with USD and EUR at the spec's limits", () => {
    assert.isTrue(Schema.is(Onramp.OnrampOptions)(Onramp.fallbackOptions))
    assert.deepStrictEqual(Onramp.fallbackOptions.paymentCurrencies.map((c) => c.id), ["USD", "EUR"])
    for (const currency of Onramp.fallbackOptions.paymentCurrencies) {
      assert.deepStrictEqual(currency.payment_method_limits, [
        { id: "card", min: "10.00", max: "7500.00" },
        { id: "ach_bank_account", min: "10.00", max: "25000.00" }
      ])
    }
    assert.isAbove(Onramp.fallbackOptions.purchaseCurrencies.length, 0)
  })

  it("decodes a quote with every amount and rejects one missing a fee", () => {
    const amount = { amount: "1.00", currency: "USD" }
    const quote = { coinbaseFee: amount, networkFee: amount, paymentSubtotal: amount, paymentTotal: amount, purchaseAmount: { amount: "0.0004", currency: "ETH" }, quoteId: "q1" }
    assert.isTrue(Schema.is(Onramp.OnrampQuote)(quote))
    const { networkFee: _fee, ...noFee } = quote
    assert.isFalse(Schema.is(Onramp.OnrampQuote)(noFee))
  })
})
