/**
 * The wire format of an onramp provider's API as Portico's server speaks it: the options and quote calls
 * (authenticated with the provider's API key as a bearer token) and the purchase callback the provider
 * sends back (signed, CallbackSignature.ts). Snake_case, as providers write it. The sandbox's provider
 * (sandbox/onramp/) serves exactly this; a host's own provider needs an adapter speaking it.
 */
import * as Schema from "effect/Schema"

/** A decimal fiat amount with at most two decimals (`"50"`, `"50.5"`, `"50.00"`). */
export const FiatText = Schema.String.check(Schema.isPattern(/^\d{1,12}(\.\d{1,2})?$/))

/** Cents as fiat text (`5000n` → `"50.00"`). */
export const centsText = (value: bigint): string => `${value / 100n}.${String(value % 100n).padStart(2, "0")}`

/** A decimal token amount (`"0.01647666"`). */
export const TokenText = Schema.String.check(Schema.isPattern(/^\d{1,40}(\.\d{1,36})?$/))

export const ProviderNetwork = Schema.Struct({
  name: Schema.String,
  display_name: Schema.String,
  /** The decimal EVM chain id. */
  chain_id: Schema.String,
  /** The token contract; empty for the network's native currency. */
  contract_address: Schema.String
})
export type ProviderNetwork = typeof ProviderNetwork.Type

export const ProviderOptions = Schema.Struct({
  purchase_currencies: Schema.Array(Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    symbol: Schema.String,
    networks: Schema.Array(ProviderNetwork)
  })),
  payment_currencies: Schema.Array(Schema.Struct({
    id: Schema.String,
    limits: Schema.Array(Schema.Struct({ id: Schema.String, min: FiatText, max: FiatText }))
  }))
})
export type ProviderOptions = typeof ProviderOptions.Type

/** Exactly one of `payment_amount` (what the card is charged) and `purchase_amount` (what arrives). */
export const ProviderQuoteRequest = Schema.Struct({
  purchase_currency: Schema.String,
  /** The network's `name` in the options. */
  purchase_network: Schema.String,
  payment_currency: Schema.String,
  payment_amount: Schema.optionalKey(FiatText),
  purchase_amount: Schema.optionalKey(TokenText)
})
export type ProviderQuoteRequest = typeof ProviderQuoteRequest.Type

const Money = Schema.Struct({ value: Schema.String, currency: Schema.String })

export const ProviderQuote = Schema.Struct({
  quote_id: Schema.String,
  payment_total: Money,
  payment_subtotal: Money,
  provider_fee: Money,
  network_fee: Money,
  purchase_amount: Money
})
export type ProviderQuote = typeof ProviderQuote.Type

/** A refusal: 400 names the request field, 401 a wrong key. */
export const ProviderError = Schema.Struct({
  error: Schema.Struct({ field: Schema.optionalKey(Schema.String), message: Schema.String })
})
export type ProviderError = typeof ProviderError.Type

/** What the provider tells Portico once it has sent the purchased tokens (POST, JSON, signed). */
export const PurchaseCallback = Schema.Struct({
  /** The provider's id of the purchase: a callback sent twice for one purchase is stored once. */
  purchase_id: Schema.String.check(Schema.isPattern(/^[\w-]{1,100}$/)),
  partner_user_id: Schema.String.check(Schema.isMaxLength(200)),
  quote_id: Schema.String.check(Schema.isMaxLength(200)),
  chain_id: Schema.String,
  /** The token contract; empty for the native currency. */
  contract_address: Schema.String,
  destination_address: Schema.String,
  purchase_amount: TokenText,
  payment_total: Schema.Struct({ value: FiatText, currency: Schema.String.check(Schema.isPattern(/^[A-Z]{3}$/)) }),
  transaction_hash: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{64}$/))
})
export type PurchaseCallback = typeof PurchaseCallback.Type

/** The header carrying the callback body's HMAC-SHA256, lower-case hex. */
export const signatureHeader = "x-onramp-signature"
