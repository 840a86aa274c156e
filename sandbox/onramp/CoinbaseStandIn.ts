/**
 * The sandbox's Coinbase Onramp: Coinbase's v1 protocol on the paths Coinbase serves, under
 * `/coinbase/api/onramp` (for https://api.developer.coinbase.com/onramp) and `/coinbase/pay` (for
 * https://pay.coinbase.com). Every API call needs a CDP JWT for exactly that request, signed by the
 * configured key (CdpJwt.ts):
 *
 *   GET  /v1/buy/options?country=…                      what it sells and takes
 *   POST /v1/buy/quote                                  a quote for a fiat amount
 *   POST /v1/token                                      a session token binding the addresses (single use, 5 minutes)
 *   GET  /v1/buy/user/{partnerUserRef}/transactions     the visitor's purchases
 *   GET  /coinbase/pay/buy/select-asset?sessionToken=…  the checkout, for a token never used before
 *
 * A purchase paid at the checkout is recorded as a SUCCESS transaction with its on-chain hash.
 */
import { randomBytes, randomUUID } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import * as Schema from "effect/Schema"
import { formatUnits, isAddress } from "viem"
import * as CdpJwt from "../../http/server/onramp/CdpJwt.ts"
import * as CoinbaseWire from "../../http/server/onramp/CoinbaseWire.ts"
import { coinbaseAssetId, coinbaseOptions, networkName, soldAssets, type RampNetwork } from "./Catalogue.ts"
import { centsText, problemPage } from "./CheckoutPage.ts"
import type { Checkouts } from "./Checkouts.ts"
import { html, json, jsonBodyOf } from "./Http.ts"
import { orderOf, price } from "./Orders.ts"
import { coinbaseRamp, paths, type CoinbaseCredentials } from "./Ramps.ts"

export interface CoinbaseStandInOptions {
  readonly networks: ReadonlyArray<RampNetwork>
  readonly credentials: CoinbaseCredentials
  readonly checkouts: Checkouts
}

const tokenLifetimeMillis = 5 * 60_000

/** gRPC-gateway refusals, as Coinbase's v1 API writes them. */
const refuse = (response: ServerResponse, status: number, message: string) =>
  json(response, status, { code: status === 401 ? 16 : 3, message, details: [] })

interface Session {
  readonly addresses: CoinbaseWire.TokenRequest["addresses"]
  readonly assets: ReadonlyArray<string> | undefined
  readonly expires: number
}

const decodeQuote = Schema.decodeUnknownOption(CoinbaseWire.BuyQuoteRequest)
const decodeToken = Schema.decodeUnknownOption(CoinbaseWire.TokenRequest)

const money = (cents: bigint, currency: string) => ({ value: centsText(cents), currency })

/** An asset by Coinbase's id for it, or by its symbol (Coinbase takes both). */
const assetOf = (id: string) => soldAssets.find((asset) => coinbaseAssetId(asset) === id || asset.symbol === id.toUpperCase())

export const makeCoinbaseStandIn = (options: CoinbaseStandInOptions) => {
  const ramp = coinbaseRamp
  const sessions = new Map<string, Session>()
  const transactions: Array<CoinbaseWire.Transaction> = []
  const networkOf = (name: string) => options.networks.find((network) => networkName(network) === name)

  const quote = async (request: IncomingMessage, response: ServerResponse) => {
    const decoded = decodeQuote(await jsonBodyOf(request))
    if (decoded._tag === "None") return refuse(response, 400, "invalid request: purchase_currency, purchase_network, payment_amount, payment_currency, payment_method and country are required")
    const body = decoded.value
    const asset = assetOf(body.purchase_currency)
    if (asset === undefined) return refuse(response, 400, `unsupported purchase_currency ${body.purchase_currency}`)
    if (networkOf(body.purchase_network) === undefined) return refuse(response, 400, `unsupported purchase_network ${body.purchase_network}`)
    const priced = price(ramp, asset, body.payment_currency, { paymentAmount: body.payment_amount })
    if (priced._tag === "Refused") return refuse(response, 400, `payment_amount ${priced.message}`)
    const { quote: q } = priced
    const fiat = body.payment_currency.toUpperCase()
    const answer: CoinbaseWire.BuyQuote = {
      payment_total: money(q.totalCents, fiat),
      payment_subtotal: money(q.subtotalCents, fiat),
      purchase_amount: { value: formatUnits(q.units, asset.decimals), currency: asset.symbol },
      coinbase_fee: money(q.feeCents, fiat),
      network_fee: money(q.networkFeeCents, fiat),
      quote_id: randomUUID()
    }
    return json(response, 200, answer)
  }

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    const decoded = decodeToken(await jsonBodyOf(request))
    if (decoded._tag === "None" || decoded.value.addresses.length === 0) return refuse(response, 400, "invalid request: addresses are required")
    const { addresses, assets } = decoded.value
    const wrong = addresses.find((entry) => !isAddress(entry.address) || entry.blockchains.some((name) => networkOf(name) === undefined))
    if (wrong !== undefined) return refuse(response, 400, `invalid address ${wrong.address} for ${wrong.blockchains.join(", ")}`)
    const value = randomBytes(32).toString("base64url")
    const now = Date.now()
    for (const [key, session] of sessions) if (session.expires < now) sessions.delete(key)
    sessions.set(value, { addresses, assets, expires: now + tokenLifetimeMillis })
    return json(response, 200, { token: value, channel_id: "" })
  }

  const checkout = (url: URL, response: ServerResponse) => {
    const problem = (status: number, title: string, message: string) => html(response, status, problemPage(ramp, title, message))
    const query = url.searchParams
    const value = query.get("sessionToken") ?? ""
    const session = sessions.get(value)
    // Single use: the link works once, whatever happens next.
    sessions.delete(value)
    if (session === undefined || session.expires < Date.now()) {
      return problem(401, "This checkout link is not valid", "Session tokens are good once, for five minutes. Go back to the site and start again.")
    }
    const asset = assetOf(query.get("defaultAsset") ?? "")
    const networkName_ = query.get("defaultNetwork") ?? ""
    const network = networkOf(networkName_)
    const address = session.addresses.find((entry) => entry.blockchains.includes(networkName_))?.address
    if (asset === undefined || network === undefined || address === undefined || (session.assets !== undefined && !session.assets.includes(asset.symbol))) {
      return problem(422, "This order cannot be served", "The session does not allow this asset on this network.")
    }
    const fiat = query.get("fiatCurrency") ?? "USD"
    const paymentAmount = query.get("presetFiatAmount")
    const purchaseAmount = query.get("presetCryptoAmount")
    const amount = paymentAmount !== null ? { paymentAmount } : purchaseAmount !== null ? { purchaseAmount } : undefined
    if (amount === undefined) return problem(422, "This amount cannot be bought", "The link names no amount.")
    const ordered = orderOf(ramp, asset, network, address, fiat, amount)
    if (ordered._tag === "Problem") return problem(ordered.status, ordered.title, ordered.message)
    const { order } = ordered
    const partnerUserRef = query.get("partnerUserRef") ?? ""
    options.checkouts.open({
      order,
      delivered: (hash) => {
        const transaction: CoinbaseWire.Transaction = {
          transaction_id: randomUUID(),
          status: "ONRAMP_TRANSACTION_STATUS_SUCCESS",
          purchase_currency: asset.symbol,
          purchase_network: networkName(network),
          purchase_amount: { value: formatUnits(order.quote.units, asset.decimals), currency: asset.symbol },
          payment_total: money(order.quote.totalCents, order.fiat),
          tx_hash: hash,
          wallet_address: order.to,
          partner_user_ref: partnerUserRef
        }
        transactions.unshift(transaction)
        // Coinbase is asked (the status API), not telling: the site hears of it on its next look.
        return Promise.resolve({ hash, purchaseId: transaction.transaction_id, notified: true })
      }
    }, response)
  }

  const api = async (request: IncomingMessage, response: ServerResponse, url: URL, path: string) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? ""
    const uri = `${request.method ?? ""} ${request.headers.host ?? ""}${url.pathname}`
    if (!(await CdpJwt.verify(bearer, options.credentials.keyName, options.credentials.publicKey, uri, new Date()))) {
      return refuse(response, 401, "Unauthenticated: a CDP JWT for this request, signed by the API key, is required")
    }
    if (request.method === "GET" && path === "/v1/buy/options") return json(response, 200, coinbaseOptions(options.networks))
    if (request.method === "POST" && path === "/v1/buy/quote") return quote(request, response)
    if (request.method === "POST" && path === "/v1/token") return token(request, response)
    const user = /^\/v1\/buy\/user\/([^/]+)\/transactions$/.exec(path)?.[1]
    if (request.method === "GET" && user !== undefined) {
      const ref = decodeURIComponent(user)
      const mine = transactions.filter((transaction) => transaction.partner_user_ref === ref)
      const answer: CoinbaseWire.Transactions = { transactions: mine, next_page_key: "", total_count: String(mine.length) }
      return json(response, 200, answer)
    }
    return refuse(response, 404, "Not Found")
  }

  /** Answers a request under this stand-in's paths; false when the path is not its own. */
  return (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> | undefined => {
    if (request.method === "GET" && url.pathname === `${paths.coinbasePay}/buy/select-asset`) return Promise.resolve(checkout(url, response))
    if (!url.pathname.startsWith(`${paths.coinbaseApi}/`)) return undefined
    return api(request, response, url, url.pathname.slice(paths.coinbaseApi.length))
  }
}
