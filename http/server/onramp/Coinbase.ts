/**
 * Coinbase Onramp through its documented protocol. Every call carries a CDP JWT for exactly that request
 * (CdpJwt.ts). The catalogue is `GET /v1/buy/options?country=…`; a quote is `POST /v1/buy/quote`; the
 * checkout is a single-use session token (`POST /v1/token`, binding the wallet address and the asset, five
 * minutes) in `https://pay.coinbase.com/buy/select-asset?sessionToken=…`, so the browser holds no address
 * it could swap and no key; the visitor's purchases are `GET /v1/buy/user/{partnerUserRef}/transactions`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { BadRequest, type UpstreamUnavailable } from "../../api/ApiError.ts"
import type { CoinbaseOptions } from "../ServerOptions.ts"
import * as CdpJwt from "./CdpJwt.ts"
import * as CoinbaseWire from "./CoinbaseWire.ts"
import { call, decode, expectOk, type Answer } from "../UpstreamHttp.ts"
import type { Catalogue, Offer, RampProvider, ReportedPurchase, ReportedStatus } from "./RampProvider.ts"

export const defaultApiUrl = "https://api.developer.coinbase.com/onramp"
export const defaultPayUrl = "https://pay.coinbase.com"

const statusOf = (status: string): ReportedStatus =>
  status === "ONRAMP_TRANSACTION_STATUS_SUCCESS" ? "success" : status === "ONRAMP_TRANSACTION_STATUS_FAILED" ? "failed" : "in_progress"

const catalogueOf = (options: CoinbaseWire.BuyOptions): Catalogue => ({
  offers: options.purchase_currencies.flatMap((currency) =>
    currency.networks.map((network): Offer => ({
      symbol: currency.symbol.toUpperCase(),
      name: currency.name,
      chainId: network.chain_id,
      contract: network.contract_address,
      network: network.name,
      networkDisplayName: network.display_name,
      code: currency.id
    }))),
  payments: options.payment_currencies.map((currency) => ({ id: currency.id.toUpperCase(), limits: currency.limits }))
})

const reported = (transaction: CoinbaseWire.Transaction, offers: ReadonlyArray<Offer>): ReadonlyArray<ReportedPurchase> => {
  const offer = offers.find((candidate) =>
    candidate.symbol === transaction.purchase_currency.toUpperCase() && candidate.network === transaction.purchase_network)
  if (offer === undefined) return []
  return [{
    id: transaction.transaction_id,
    status: statusOf(transaction.status),
    chainId: offer.chainId,
    contract: offer.contract,
    walletAddress: transaction.wallet_address,
    amount: transaction.purchase_amount.value,
    txHash: transaction.tx_hash === "" ? undefined : transaction.tx_hash,
    paymentTotal: { amount: transaction.payment_total.value, currency: transaction.payment_total.currency },
    partnerUserId: transaction.partner_user_ref
  }]
}

export const make = (options: CoinbaseOptions): RampProvider => {
  const id = options.id ?? "coinbase"
  const name = options.name ?? "Coinbase"
  const upstream = `The onramp provider ${name}`
  const apiUrl = (options.apiUrl ?? defaultApiUrl).replace(/\/+$/, "")
  const key = CdpJwt.importKey(options.keyName, options.keySecret)
  const country = options.country ?? "US"

  /** One CDP call, its JWT made for exactly this method and path. */
  const cdp = (method: "GET" | "POST", path: string, query: string, body?: unknown): Effect.Effect<Answer, UpstreamUnavailable> =>
    Effect.gen(function*() {
      const url = new URL(`${apiUrl}${path}${query}`)
      const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      const token = yield* Effect.promise(() => CdpJwt.sign(key, method, url, now))
      return yield* call(upstream, { method, url: url.toString(), headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) })
    })

  const refusedAs = (field: string) => (answer: Answer) =>
    Effect.flatMap(decode(CoinbaseWire.Refusal, upstream, answer.body), (refusal) => Effect.fail(new BadRequest({ message: `${field}: ${refusal.message}` })))


  const subdivision = options.subdivision === undefined ? {} : { subdivision: options.subdivision }

  return {
    id,
    name,
    catalogue: cdp("GET", "/v1/buy/options", `?${new URLSearchParams({ country, ...subdivision })}`).pipe(
      Effect.flatMap(expectOk(CoinbaseWire.BuyOptions, upstream, "its options")),
      Effect.map(catalogueOf)
    ),

    quote: ({ offer, paymentCurrency, paymentAmount }) => {
      const request: CoinbaseWire.BuyQuoteRequest = {
        purchase_currency: offer.code,
        purchase_network: offer.network,
        payment_amount: paymentAmount,
        payment_currency: paymentCurrency,
        payment_method: "CARD",
        country,
        ...subdivision
      }
      return cdp("POST", "/v1/buy/quote", "", request).pipe(
        Effect.flatMap((answer) => answer.status === 400 ? refusedAs("amount")(answer) : expectOk(CoinbaseWire.BuyQuote, upstream, "the quote")(answer)),
        Effect.map((quote) => ({
          quoteId: quote.quote_id,
          paymentTotal: { amount: quote.payment_total.value, currency: quote.payment_total.currency },
          paymentSubtotal: { amount: quote.payment_subtotal.value, currency: quote.payment_subtotal.currency },
          providerFee: { amount: quote.coinbase_fee.value, currency: quote.coinbase_fee.currency },
          networkFee: { amount: quote.network_fee.value, currency: quote.network_fee.currency },
          purchaseAmount: { amount: quote.purchase_amount.value, currency: offer.symbol }
        }))
      )
    },

    checkoutUrl: (request) =>
      Effect.gen(function*() {
        const session: CoinbaseWire.TokenRequest = {
          addresses: [{ address: request.address, blockchains: [request.offer.network] }],
          assets: [request.offer.symbol],
          ...(request.clientIp === undefined ? {} : { clientIp: request.clientIp })
        }
        const { token } = yield* cdp("POST", "/v1/token", "", session).pipe(
          Effect.flatMap((answer) => answer.status === 400 ? refusedAs("destinationWallets[0].address")(answer) : expectOk(CoinbaseWire.TokenResponse, upstream, "a session token")(answer))
        )
        const url = new URL(`${(options.payUrl ?? defaultPayUrl).replace(/\/+$/, "")}/buy/select-asset`)
        url.search = new URLSearchParams({
          sessionToken: token,
          defaultAsset: request.offer.symbol,
          defaultNetwork: request.offer.network,
          fiatCurrency: request.paymentCurrency,
          ...(request.paymentAmount === undefined ? {} : { presetFiatAmount: request.paymentAmount }),
          ...(request.paymentAmount !== undefined || request.cryptoAmount === undefined ? {} : { presetCryptoAmount: request.cryptoAmount }),
          defaultPaymentMethod: "CARD",
          partnerUserRef: request.partnerUserId
        }).toString()
        return url.toString()
      }),

    purchasesOf: (partnerUserId, offers) =>
      cdp("GET", `/v1/buy/user/${encodeURIComponent(partnerUserId)}/transactions`, "?page_size=20").pipe(
        Effect.flatMap(expectOk(CoinbaseWire.Transactions, upstream, "its transactions")),
        Effect.map(({ transactions }) => transactions.flatMap((transaction) => reported(transaction, offers)))
      ),

    webhook: undefined
  }
}
