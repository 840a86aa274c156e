/**
 * Coinbase Onramp's v1 REST shapes (snake_case, amounts as decimal text) as far as Portico reads them:
 * `GET /v1/buy/options`, `POST /v1/buy/quote`, `POST /v1/token` and
 * `GET /v1/buy/user/{partnerUserRef}/transactions`, all under `https://api.developer.coinbase.com/onramp`.
 * The sandbox's stand-in answers the same shapes.
 */
import * as Schema from "effect/Schema"
import { OnrampNetwork } from "../../../core/Onramp.ts"

const Decimal = Schema.String.check(Schema.isPattern(/^\d{1,40}(\.\d{1,36})?$/))

export const Money = Schema.Struct({ value: Decimal, currency: Schema.String })
export type Money = typeof Money.Type

/** The spec's onramp network (core/Onramp.ts) is Coinbase's: name, display name, chain id, contract (empty for native). */
export const Network = OnrampNetwork

export const BuyOptions = Schema.Struct({
  payment_currencies: Schema.Array(Schema.Struct({
    id: Schema.String,
    limits: Schema.Array(Schema.Struct({ id: Schema.String, min: Decimal, max: Decimal }))
  })),
  purchase_currencies: Schema.Array(Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    symbol: Schema.String,
    networks: Schema.Array(Network)
  }))
})
export type BuyOptions = typeof BuyOptions.Type

export const BuyQuoteRequest = Schema.Struct({
  purchase_currency: Schema.String,
  purchase_network: Schema.String,
  payment_amount: Decimal,
  payment_currency: Schema.String,
  payment_method: Schema.String,
  country: Schema.String,
  subdivision: Schema.optionalKey(Schema.String)
})
export type BuyQuoteRequest = typeof BuyQuoteRequest.Type

export const BuyQuote = Schema.Struct({
  payment_total: Money,
  payment_subtotal: Money,
  purchase_amount: Money,
  coinbase_fee: Money,
  network_fee: Money,
  quote_id: Schema.String
})
export type BuyQuote = typeof BuyQuote.Type

export const TokenRequest = Schema.Struct({
  addresses: Schema.Array(Schema.Struct({ address: Schema.String, blockchains: Schema.Array(Schema.String) })),
  assets: Schema.optionalKey(Schema.Array(Schema.String)),
  clientIp: Schema.optionalKey(Schema.String)
})
export type TokenRequest = typeof TokenRequest.Type

export const TokenResponse = Schema.Struct({ token: Schema.String, channel_id: Schema.optionalKey(Schema.String) })

/** `ONRAMP_TRANSACTION_STATUS_CREATED | _IN_PROGRESS | _SUCCESS | _FAILED`. */
export const Transaction = Schema.Struct({
  transaction_id: Schema.String,
  status: Schema.String,
  purchase_currency: Schema.String,
  purchase_network: Schema.String,
  purchase_amount: Money,
  payment_total: Money,
  /** Empty until sent. */
  tx_hash: Schema.String,
  wallet_address: Schema.String,
  partner_user_ref: Schema.String
})
export type Transaction = typeof Transaction.Type

export const Transactions = Schema.Struct({
  transactions: Schema.Array(Transaction),
  next_page_key: Schema.optionalKey(Schema.String),
  total_count: Schema.optionalKey(Schema.String)
})
export type Transactions = typeof Transactions.Type

/** A refusal (gRPC-gateway style). */
export const Refusal = Schema.Struct({ message: Schema.String })
