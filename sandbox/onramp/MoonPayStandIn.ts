/**
 * The sandbox's MoonPay: MoonPay's protocol on the paths MoonPay serves, under `/moonpay/api` (for
 * https://api.moonpay.com) and `/moonpay/buy` (for https://buy.moonpay.com):
 *
 *   GET /v3/currencies                          crypto currencies (chain id, contract) and fiat limits
 *   GET /v3/currencies/{code}/buy_quote         ?apiKey=<publishable>&baseCurrencyCode&baseCurrencyAmount&areFeesIncluded=true
 *   GET /v1/transactions?externalCustomerId=…   Authorization: Api-Key <secret key>
 *   GET /moonpay/buy?apiKey=…&…&signature=…     the widget: refused unless signed by the secret key
 *
 * A purchase paid at the checkout is recorded as a `completed` transaction with its on-chain hash, and
 * reported to the site's webhook URL signed with the webhook key (`Moonpay-Signature-V2`).
 */
import { randomUUID } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import { utf8ToBytes } from "@noble/hashes/utils"
import { formatUnits } from "viem"
import * as MoonPaySignature from "../../http/server/onramp/MoonPaySignature.ts"
import type * as MoonPayWire from "../../http/server/onramp/MoonPayWire.ts"
import { moonPayCode, moonPayCurrencies, soldAssets, type RampNetwork } from "./Catalogue.ts"
import { centsText, problemPage } from "./CheckoutPage.ts"
import type { Checkouts } from "./Checkouts.ts"
import { html, json, sameKey } from "./Http.ts"
import { orderOf, price } from "./Orders.ts"
import { moonPayRamp, paths, type MoonPayCredentials } from "./Ramps.ts"

export interface MoonPayStandInOptions {
  readonly networks: ReadonlyArray<RampNetwork>
  readonly credentials: MoonPayCredentials
  /** Where MoonPay posts transaction events: Portico's `/v1/onramp/webhook/moonpay`. */
  readonly webhookUrl: () => string
  readonly checkouts: Checkouts
}

const refuse = (response: ServerResponse, status: number, message: string) => json(response, status, { message, type: status === 401 ? "UnauthorizedError" : "BadRequestError" })

const money = (value: bigint) => Number(centsText(value))

export const makeMoonPayStandIn = (options: MoonPayStandInOptions) => {
  const ramp = moonPayRamp
  const transactions: Array<MoonPayWire.Transaction & { readonly createdAt: string }> = []

  const offerOf = (code: string) => {
    for (const asset of soldAssets) {
      for (const network of options.networks) if (moonPayCode(asset, network) === code) return { asset, network }
    }
    return undefined
  }

  const quote = (url: URL, response: ServerResponse, code: string) => {
    if (!sameKey(url.searchParams.get("apiKey") ?? "", options.credentials.publishableKey)) return refuse(response, 401, "Invalid API key")
    const offer = offerOf(code)
    if (offer === undefined) return refuse(response, 404, `Currency ${code} not found`)
    const fiat = url.searchParams.get("baseCurrencyCode") ?? ""
    const amount = url.searchParams.get("baseCurrencyAmount")
    if (amount === null || url.searchParams.get("areFeesIncluded") !== "true") return refuse(response, 400, "baseCurrencyAmount with areFeesIncluded=true is required")
    const priced = price(ramp, offer.asset, fiat, { paymentAmount: amount })
    if (priced._tag === "Refused") return refuse(response, 400, `baseCurrencyAmount ${priced.message}`)
    const { quote: q } = priced
    const answer: MoonPayWire.BuyQuote = {
      baseCurrencyCode: fiat.toLowerCase(),
      baseCurrencyAmount: money(q.subtotalCents),
      quoteCurrencyCode: code,
      quoteCurrencyAmount: Number(formatUnits(q.units, offer.asset.decimals)),
      feeAmount: money(q.feeCents),
      extraFeeAmount: 0,
      networkFeeAmount: money(q.networkFeeCents),
      totalAmount: money(q.totalCents)
    }
    return json(response, 200, answer)
  }

  const widget = (url: URL, rawQuery: string, response: ServerResponse) => {
    const problem = (status: number, title: string, message: string) => html(response, status, problemPage(ramp, title, message))
    const query = url.searchParams
    if (!sameKey(query.get("apiKey") ?? "", options.credentials.publishableKey)) return problem(401, "This widget cannot be loaded", "The API key is not valid.")
    if (!MoonPaySignature.verifyUrl(rawQuery, options.credentials.secretKey)) {
      return problem(401, "This widget cannot be loaded", "The link's signature is missing or does not match it: it was changed, or not signed by the site.")
    }
    const offer = offerOf(query.get("currencyCode") ?? "")
    if (offer === undefined) return problem(422, "This order cannot be served", `${ramp.name} does not sell ${query.get("currencyCode") ?? ""}.`)
    const fiat = query.get("baseCurrencyCode") ?? "usd"
    const paymentAmount = query.get("baseCurrencyAmount")
    const purchaseAmount = query.get("quoteCurrencyAmount")
    const amount = paymentAmount !== null ? { paymentAmount } : purchaseAmount !== null ? { purchaseAmount } : undefined
    if (amount === undefined) return problem(422, "This amount cannot be bought", "The link names no amount.")
    const ordered = orderOf(ramp, offer.asset, offer.network, query.get("walletAddress") ?? "", fiat, amount)
    if (ordered._tag === "Problem") return problem(ordered.status, ordered.title, ordered.message)
    const { order } = ordered
    options.checkouts.open({
      order,
      delivered: async (hash) => {
        const transaction = {
          id: randomUUID(),
          createdAt: new Date().toISOString(),
          status: "completed",
          walletAddress: order.to,
          cryptoTransactionId: hash,
          quoteCurrencyAmount: Number(formatUnits(order.quote.units, order.asset.decimals)),
          baseCurrencyAmount: money(order.quote.subtotalCents),
          feeAmount: money(order.quote.feeCents),
          networkFeeAmount: money(order.quote.networkFeeCents),
          extraFeeAmount: 0,
          currency: { code: moonPayCode(order.asset, order.network) },
          baseCurrency: { code: order.fiat.toLowerCase() },
          externalCustomerId: query.get("externalCustomerId"),
          externalTransactionId: query.get("externalTransactionId")
        }
        transactions.unshift(transaction)
        const body = JSON.stringify({ type: "transaction_updated", data: transaction })
        const signature = MoonPaySignature.signWebhook(utf8ToBytes(body), options.credentials.webhookKey, Math.floor(Date.now() / 1000))
        const notified = await fetch(options.webhookUrl(), {
          method: "POST",
          headers: { "content-type": "application/json", "Moonpay-Signature-V2": signature },
          body,
          signal: AbortSignal.timeout(10_000)
        }).then((answer) => answer.ok, () => false)
        return { hash, purchaseId: transaction.id, notified }
      }
    }, response)
  }

  const transactionsOf = (request: IncomingMessage, url: URL, response: ServerResponse) => {
    const key = /^Api-Key (.+)$/.exec(request.headers.authorization ?? "")?.[1]
    if (key === undefined || !sameKey(key, options.credentials.secretKey)) return refuse(response, 401, "Invalid secret key")
    const customer = url.searchParams.get("externalCustomerId")
    return json(response, 200, transactions.filter((transaction) => customer === null || transaction.externalCustomerId === customer))
  }

  /** Answers a request under this stand-in's paths; undefined when the path is not its own. */
  return (request: IncomingMessage, response: ServerResponse, url: URL, rawQuery: string): Promise<void> | undefined => {
    if (request.method !== "GET") return undefined
    if (url.pathname === paths.moonPayWidget) return Promise.resolve(widget(url, rawQuery, response))
    if (!url.pathname.startsWith(`${paths.moonPayApi}/`)) return undefined
    const path = url.pathname.slice(paths.moonPayApi.length)
    if (path === "/v3/currencies") return Promise.resolve(json(response, 200, moonPayCurrencies(options.networks)))
    const quoted = /^\/v3\/currencies\/([a-z0-9_]+)\/buy_quote$/.exec(path)?.[1]
    if (quoted !== undefined) return Promise.resolve(quote(url, response, quoted))
    if (path === "/v1/transactions") return Promise.resolve(transactionsOf(request, url, response))
    return undefined
  }
}
