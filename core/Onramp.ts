/**
 * Onramp options and quote (spec §3) and the built-in options used when the options call
 * fails (spec §8 "Fallbacks", limits from spec §9).
 */
import * as Schema from "effect/Schema"
import * as Constants from "./Constants.ts"

export const OnrampNetwork = Schema.Struct({
  name: Schema.String,
  display_name: Schema.String,
  chain_id: Schema.String,
  contract_address: Schema.String
})

export const PurchaseCurrency = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  symbol: Schema.String,
  networks: Schema.Array(OnrampNetwork)
})
export type PurchaseCurrency = typeof PurchaseCurrency.Type

export const PaymentMethodLimit = Schema.Struct({
  id: Schema.String,
  /** Decimal strings, as the onramp API gives them. */
  min: Schema.String,
  max: Schema.String
})

export const PaymentCurrency = Schema.Struct({
  id: Schema.String,
  payment_method_limits: Schema.Array(PaymentMethodLimit)
})
export type PaymentCurrency = typeof PaymentCurrency.Type

/** An onramp provider the server is configured with (Portico's addition to the options answer). */
export const OnrampProvider = Schema.Struct({ id: Schema.String, name: Schema.String })
export type OnrampProvider = typeof OnrampProvider.Type

export const OnrampOptions = Schema.Struct({
  purchaseCurrencies: Schema.Array(PurchaseCurrency),
  paymentCurrencies: Schema.Array(PaymentCurrency),
  /** The providers to compare; absent from a server that offers one. */
  providers: Schema.optionalKey(Schema.Array(OnrampProvider))
})
export type OnrampOptions = typeof OnrampOptions.Type

export const Amount = Schema.Struct({ amount: Schema.String, currency: Schema.String })

export const OnrampQuote = Schema.Struct({
  coinbaseFee: Amount,
  networkFee: Amount,
  paymentSubtotal: Amount,
  paymentTotal: Amount,
  purchaseAmount: Amount,
  quoteId: Schema.String
})
export type OnrampQuote = typeof OnrampQuote.Type

const native = (chainId: string, name: string, displayName: string) => ({
  name,
  display_name: displayName,
  chain_id: chainId,
  contract_address: ""
})

/** Used when GET /v1/onramp/options fails: ETH and USDC, USD and EUR with the spec's limits. */
export const fallbackOptions: OnrampOptions = {
  purchaseCurrencies: [
    {
      id: "ETH",
      name: "Ether",
      symbol: "ETH",
      networks: [native("1", "ethereum", "Ethereum"), native("8453", "base", "Base")]
    },
    {
      id: "USDC",
      name: "USD Coin",
      symbol: "USDC",
      networks: [
        {
          name: "ethereum",
          display_name: "Ethereum",
          chain_id: "1",
          contract_address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
        },
        {
          name: "base",
          display_name: "Base",
          chain_id: "8453",
          contract_address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
        }
      ]
    }
  ],
  paymentCurrencies: Constants.onrampFallbackPaymentCurrencies.map((id) => ({
    id,
    payment_method_limits: Constants.onrampFallbackPaymentMethodLimits
  }))
}
