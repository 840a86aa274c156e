/**
 * What the server's onramp needs from one provider, whatever its protocol (MoonPay.ts, Coinbase.ts): what
 * it sells on this server's chains, quotes, a checkout URL the browser may hold (signed, or carrying a
 * single-use session token; never a secret), and the purchases it reports for a visitor. Amounts are
 * decimal text; networks are named by their decimal EVM chain id, the one thing every provider agrees on.
 */
import type * as Effect from "effect/Effect"
import type { BadRequest, InvalidSignature, UpstreamUnavailable } from "../../api/ApiError.ts"

/** One asset a provider sells on one chain. */
export interface Offer {
  /** Portico's id of the asset across providers: its symbol (ETH, USDC). */
  readonly symbol: string
  readonly name: string
  /** The decimal EVM chain id. */
  readonly chainId: string
  /** The token contract; empty for the chain's native currency. */
  readonly contract: string
  /** The provider's own name of the network (`base`), shown nowhere but sent back to it. */
  readonly network: string
  readonly networkDisplayName: string
  /** The provider's own code of the asset on that network (`usdc_base`, or an asset id). */
  readonly code: string
}

export interface PaymentLimit {
  /** `card`, `ach_bank_account`. */
  readonly id: string
  /** Fiat text with two decimals. */
  readonly min: string
  readonly max: string
}

export interface Catalogue {
  readonly offers: ReadonlyArray<Offer>
  /** By payment currency (USD, EUR): the methods it is taken by, with their limits. */
  readonly payments: ReadonlyArray<{ readonly id: string; readonly limits: ReadonlyArray<PaymentLimit> }>
}

export interface Money {
  readonly amount: string
  readonly currency: string
}

export interface Quote {
  readonly quoteId: string
  readonly paymentTotal: Money
  readonly paymentSubtotal: Money
  readonly providerFee: Money
  readonly networkFee: Money
  readonly purchaseAmount: Money
}

export interface QuoteRequest {
  readonly offer: Offer
  readonly paymentCurrency: string
  /** The fiat total, fees included (cents text, `50.00`). */
  readonly paymentAmount: string
}

export interface CheckoutRequest {
  readonly offer: Offer
  readonly address: string
  readonly paymentCurrency: string
  /** The fiat total (cents text); else `cryptoAmount` of the asset is bought. */
  readonly paymentAmount: string | undefined
  readonly cryptoAmount: string | undefined
  /** The visitor as the provider's status API is later asked about them. */
  readonly partnerUserId: string
  /** The visitor's IP address where the provider binds a session to it. */
  readonly clientIp: string | undefined
}

export type ReportedStatus = "in_progress" | "success" | "failed"

/** A purchase as the provider reports it; its delivery is checked on chain before anyone is shown it. */
export interface ReportedPurchase {
  readonly id: string
  readonly status: ReportedStatus
  readonly chainId: string
  readonly contract: string
  readonly walletAddress: string
  /** Decimal amount of the asset. */
  readonly amount: string
  /** The delivering transaction, once the provider has sent it. */
  readonly txHash: string | undefined
  readonly paymentTotal: Money
  readonly partnerUserId: string
}

export interface Webhook {
  readonly body: Uint8Array
  readonly header: (name: string) => string | undefined
  readonly nowSeconds: number
}

export interface RampProvider {
  readonly id: string
  readonly name: string
  readonly catalogue: Effect.Effect<Catalogue, UpstreamUnavailable>
  readonly quote: (request: QuoteRequest) => Effect.Effect<Quote, BadRequest | UpstreamUnavailable>
  readonly checkoutUrl: (request: CheckoutRequest) => Effect.Effect<string, BadRequest | UpstreamUnavailable>
  /** What the provider's status API reports for a visitor, newest first, on the assets of `offers`. */
  readonly purchasesOf: (partnerUserId: string, offers: ReadonlyArray<Offer>) => Effect.Effect<ReadonlyArray<ReportedPurchase>, UpstreamUnavailable>
  /** A webhook the provider sent (raw body, one header by lower-case name), verified; undefined without webhooks. */
  readonly webhook:
    | ((webhook: Webhook, offers: ReadonlyArray<Offer>) => Effect.Effect<ReadonlyArray<ReportedPurchase>, InvalidSignature | BadRequest>)
    | undefined
}
