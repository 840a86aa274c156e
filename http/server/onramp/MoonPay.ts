/**
 * MoonPay through its documented protocol. The catalogue is `GET /v3/currencies` (crypto currencies with
 * their chain id and contract, fiat currencies with their buy limits); a quote is
 * `GET /v3/currencies/{code}/buy_quote` with the publishable key and the fees included in the amount; the
 * checkout is the buy widget's URL signed with the secret key (MoonPaySignature.ts), naming the visitor as
 * `externalCustomerId`; the visitor's purchases are `GET /v1/transactions?externalCustomerId=…` under
 * `Authorization: Api-Key <secret key>`; webhooks are verified by `Moonpay-Signature-V2` under the webhook
 * key. The secret and webhook keys never leave the server.
 */
import { randomUUID } from "node:crypto"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { BadRequest, InvalidSignature } from "../../api/ApiError.ts"
import type { MoonPayOptions } from "../ServerOptions.ts"
import * as MoonPaySignature from "./MoonPaySignature.ts"
import * as MoonPayWire from "./MoonPayWire.ts"
import { call, decode, expectOk, unavailable } from "../UpstreamHttp.ts"
import type { Catalogue, Offer, RampProvider, ReportedPurchase, ReportedStatus } from "./RampProvider.ts"

export const defaultApiUrl = "https://api.moonpay.com"
export const defaultWidgetUrl = "https://buy.moonpay.com"

const zeroAddress = /^0x0{40}$/

const fiatText = (value: number) => value.toFixed(2)

/** A JSON number as plain decimal text; exponent notation (far below any real purchase) is refused. */
const decimalText = (value: number): string | undefined => {
  const text = String(value)
  return /^\d+(\.\d+)?$/.test(text) ? text : undefined
}

const statusOf = (status: string): ReportedStatus =>
  status === "completed" ? "success" : status === "failed" ? "failed" : "in_progress"

const offersOf = (currencies: ReadonlyArray<MoonPayWire.Currency>): ReadonlyArray<Offer> =>
  currencies.flatMap((currency) => {
    const chainId = currency.metadata?.chainId
    if (currency.type !== "crypto" || currency.isSuspended === true || chainId === undefined || chainId === null) return []
    const contract = currency.metadata?.contractAddress ?? ""
    const network = currency.metadata?.networkCode ?? ""
    return [{
      // MoonPay's codes are `<symbol>` or `<symbol>_<network>` (`usdc_base`).
      symbol: (currency.code.split("_")[0] ?? currency.code).toUpperCase(),
      name: currency.name,
      chainId,
      contract: zeroAddress.test(contract) ? "" : contract,
      network,
      networkDisplayName: network,
      code: currency.code
    }]
  })

const catalogueOf = (currencies: ReadonlyArray<MoonPayWire.Currency>): Catalogue => ({
  offers: offersOf(currencies),
  payments: currencies.flatMap((currency) =>
    currency.type === "fiat" && typeof currency.minBuyAmount === "number" && typeof currency.maxBuyAmount === "number"
      ? [{ id: currency.code.toUpperCase(), limits: [{ id: "card", min: fiatText(currency.minBuyAmount), max: fiatText(currency.maxBuyAmount) }] }]
      : [])
})

const reported = (transaction: MoonPayWire.Transaction, offers: ReadonlyArray<Offer>): ReadonlyArray<ReportedPurchase> => {
  const offer = offers.find((candidate) => candidate.code === transaction.currency.code)
  const amount = transaction.quoteCurrencyAmount === null ? undefined : decimalText(transaction.quoteCurrencyAmount)
  if (offer === undefined || amount === undefined) return []
  const fees = (transaction.feeAmount ?? 0) + (transaction.extraFeeAmount ?? 0) + (transaction.networkFeeAmount ?? 0)
  return [{
    id: transaction.id,
    status: statusOf(transaction.status),
    chainId: offer.chainId,
    contract: offer.contract,
    walletAddress: transaction.walletAddress,
    amount,
    txHash: transaction.cryptoTransactionId ?? undefined,
    paymentTotal: { amount: fiatText(transaction.baseCurrencyAmount + fees), currency: transaction.baseCurrency.code.toUpperCase() },
    partnerUserId: transaction.externalCustomerId ?? ""
  }]
}

export const make = (options: MoonPayOptions): RampProvider => {
  const id = options.id ?? "moonpay"
  const name = options.name ?? "MoonPay"
  const upstream = `The onramp provider ${name}`
  const apiUrl = (options.apiUrl ?? defaultApiUrl).replace(/\/+$/, "")
  const url = (path: string, query: Readonly<Record<string, string>>) => `${apiUrl}${path}?${new URLSearchParams(query)}`


  return {
    id,
    name,
    catalogue: call(upstream, { method: "GET", url: url("/v3/currencies", { apiKey: options.publishableKey }) }).pipe(
      Effect.flatMap(expectOk(MoonPayWire.Currencies, upstream, "its currencies")),
      Effect.map(catalogueOf)
    ),

    quote: ({ offer, paymentCurrency, paymentAmount }) =>
      call(upstream, {
        method: "GET",
        url: url(`/v3/currencies/${encodeURIComponent(offer.code)}/buy_quote`, {
          apiKey: options.publishableKey,
          baseCurrencyCode: paymentCurrency.toLowerCase(),
          baseCurrencyAmount: paymentAmount,
          areFeesIncluded: "true",
          paymentMethod: "credit_debit_card"
        })
      }).pipe(
        Effect.flatMap((answer) =>
          answer.status === 400
            ? Effect.flatMap(decode(MoonPayWire.Refusal, upstream, answer.body), (refusal) => Effect.fail(new BadRequest({ message: `amount: ${refusal.message}` })))
            : expectOk(MoonPayWire.BuyQuote, upstream, "the quote")(answer)),
        Effect.flatMap((quote) => {
          const purchased = decimalText(quote.quoteCurrencyAmount)
          if (purchased === undefined) return Effect.fail(unavailable(upstream, "answered something unreadable"))
          const currency = paymentCurrency.toUpperCase()
          return Effect.succeed({
            // MoonPay's real-time quote has no id of its own: the checkout asks for a fresh one.
            quoteId: randomUUID(),
            paymentTotal: { amount: fiatText(quote.totalAmount), currency },
            paymentSubtotal: { amount: fiatText(quote.baseCurrencyAmount), currency },
            providerFee: { amount: fiatText(quote.feeAmount + quote.extraFeeAmount), currency },
            networkFee: { amount: fiatText(quote.networkFeeAmount), currency },
            purchaseAmount: { amount: purchased, currency: offer.symbol }
          })
        })
      ),

    checkoutUrl: (request) => {
      const widget = new URL(options.widgetUrl ?? defaultWidgetUrl)
      const query: Array<[string, string]> = [
        ["apiKey", options.publishableKey],
        ["currencyCode", request.offer.code],
        ["walletAddress", request.address],
        ["baseCurrencyCode", request.paymentCurrency.toLowerCase()],
        ...(request.paymentAmount === undefined ? [] : [["baseCurrencyAmount", request.paymentAmount] as [string, string]]),
        ...(request.paymentAmount !== undefined || request.cryptoAmount === undefined ? [] : [["quoteCurrencyAmount", request.cryptoAmount] as [string, string]]),
        ["externalCustomerId", request.partnerUserId],
        ["externalTransactionId", randomUUID()]
      ]
      widget.search = new URLSearchParams(query).toString()
      return Effect.succeed(MoonPaySignature.signUrl(widget, options.secretKey))
    },

    purchasesOf: (partnerUserId, offers) =>
      call(upstream, {
        method: "GET",
        url: url("/v1/transactions", { externalCustomerId: partnerUserId }),
        headers: { authorization: `Api-Key ${options.secretKey}` }
      }).pipe(
        Effect.flatMap(expectOk(MoonPayWire.Transactions, upstream, "its transactions")),
        Effect.map((transactions) => transactions.flatMap((transaction) => reported(transaction, offers)))
      ),

    webhook: ({ body, header, nowSeconds }, offers) =>
      Effect.gen(function*() {
        if (!MoonPaySignature.verifyWebhook(body, header(MoonPaySignature.webhookHeader), options.webhookKey, nowSeconds)) {
          return yield* new InvalidSignature({ message: `${MoonPaySignature.webhookHeader}: missing, expired, or not this body's signature under the webhook key` })
        }
        const event = yield* Effect.mapError(
          decode(Schema.fromJsonString(MoonPayWire.WebhookEvent), upstream, new TextDecoder().decode(body)),
          () => new BadRequest({ message: "body: not a MoonPay transaction event" })
        )
        return reported(event.data, offers)
      })
  }
}
