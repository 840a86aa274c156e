/**
 * MoonPay's REST shapes as far as Portico reads them (camelCase and JSON numbers, as MoonPay writes them):
 * `GET /v3/currencies`, `GET /v3/currencies/{code}/buy_quote`, `GET /v1/transactions` and the buy webhooks'
 * body. Fields Portico does not read are ignored; the sandbox's stand-in answers the same shapes.
 */
import * as Schema from "effect/Schema"

const Amount = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0))

export const Currency = Schema.Struct({
  type: Schema.Literals(["crypto", "fiat"]),
  code: Schema.String,
  name: Schema.String,
  minBuyAmount: Schema.optionalKey(Schema.NullOr(Amount)),
  maxBuyAmount: Schema.optionalKey(Schema.NullOr(Amount)),
  isSuspended: Schema.optionalKey(Schema.Boolean),
  metadata: Schema.optionalKey(Schema.NullOr(Schema.Struct({
    /** The zero address (or null) for a chain's native currency. */
    contractAddress: Schema.optionalKey(Schema.NullOr(Schema.String)),
    /** The decimal EVM chain id; null off EVM. */
    chainId: Schema.optionalKey(Schema.NullOr(Schema.String)),
    networkCode: Schema.String
  })))
})
export type Currency = typeof Currency.Type

export const Currencies = Schema.Array(Currency)

export const BuyQuote = Schema.Struct({
  baseCurrencyCode: Schema.String,
  /** What buys the crypto, fees excluded. */
  baseCurrencyAmount: Amount,
  quoteCurrencyCode: Schema.String,
  quoteCurrencyAmount: Amount,
  feeAmount: Amount,
  extraFeeAmount: Amount,
  networkFeeAmount: Amount,
  /** What the card is charged. */
  totalAmount: Amount
})
export type BuyQuote = typeof BuyQuote.Type

/** `waitingPayment`, `pending`, `waitingAuthorization`, `completed`, `failed`. */
export const Transaction = Schema.Struct({
  id: Schema.String,
  status: Schema.String,
  walletAddress: Schema.String,
  cryptoTransactionId: Schema.NullOr(Schema.String),
  quoteCurrencyAmount: Schema.NullOr(Amount),
  baseCurrencyAmount: Amount,
  feeAmount: Schema.NullOr(Amount),
  networkFeeAmount: Schema.NullOr(Amount),
  extraFeeAmount: Schema.NullOr(Amount),
  currency: Schema.Struct({ code: Schema.String }),
  baseCurrency: Schema.Struct({ code: Schema.String }),
  externalCustomerId: Schema.NullOr(Schema.String),
  externalTransactionId: Schema.NullOr(Schema.String)
})
export type Transaction = typeof Transaction.Type

export const Transactions = Schema.Array(Transaction)

/** `transaction_created`, `transaction_updated`, `transaction_failed`. */
export const WebhookEvent = Schema.Struct({
  type: Schema.String,
  data: Transaction
})
export type WebhookEvent = typeof WebhookEvent.Type

/** MoonPay's refusal body. */
export const Refusal = Schema.Struct({ message: Schema.String })
