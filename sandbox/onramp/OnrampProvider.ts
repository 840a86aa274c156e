/**
 * The sandbox's onramp provider: one HTTP server on its own origin serving both sandbox ramps
 * (Ramps.ts), each under `/{ramp}/`:
 *
 *   GET  /{ramp}/api/options      what it sells and takes            (bearer API key)
 *   POST /{ramp}/api/quote        a quote for a fiat or crypto amount (bearer API key)
 *   GET  /{ramp}/checkout?session=…   the checkout page for a session Portico signed (CheckoutToken.ts)
 *   POST /{ramp}/checkout/pay     the card form: pays, delivers on chain, reports to Portico
 *
 * (wire format: http/server/onramp/ProviderProtocol.ts). Paying with the test card sends the purchase from
 * the treasury (Treasury.ts) on the devnet, waits for its receipt, then posts the signed callback to
 * Portico and shows the receipt with the transaction hash. A session pays once: sending the form again shows
 * the same receipt. Pages are served with a strict CSP (no inline script or style).
 */
import { randomUUID, timingSafeEqual } from "node:crypto"
import { readFile } from "node:fs/promises"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { Socket } from "node:net"
import { text } from "node:stream/consumers"
import { sha256 } from "@noble/hashes/sha2"
import { utf8ToBytes } from "@noble/hashes/utils"
import * as Schema from "effect/Schema"
import { formatUnits, getAddress, isAddress, parseUnits, type Address } from "viem"
import { cents } from "../../core/onramp/Buy.ts"
import * as CallbackSignature from "../../http/server/onramp/CallbackSignature.ts"
import * as CheckoutToken from "../../http/server/onramp/CheckoutToken.ts"
import { centsText, ProviderQuoteRequest, signatureHeader, type PurchaseCallback, type ProviderError, type ProviderQuote } from "../../http/server/onramp/ProviderProtocol.ts"
import { listen } from "../Listen.ts"
import { sandboxFile } from "../SandboxFiles.ts"
import { cardLimit, fiatUsd, networkName, optionsOf, paymentLimits, pricingOf, soldAssets, type RampNetwork, type SoldAsset } from "./Catalogue.ts"
import { checkCard } from "./Card.ts"
import { checkoutPage, problemPage, receiptPage, type Order } from "./CheckoutPage.ts"
import { quoteFor, totalFor, type Quote } from "./QuoteMath.ts"
import { sandboxRamps, type Ramp, type RampCredentials } from "./Ramps.ts"
import { makeTreasury } from "./Treasury.ts"

export interface OnrampProviderOptions {
  readonly host?: string
  /** 0 (the default) picks a free port. */
  readonly port?: number
  /** The chains it delivers on. */
  readonly networks: ReadonlyArray<RampNetwork>
  /** By ramp id: the same credentials Portico's API server is given (Ramps.serverOptions). */
  readonly credentials: ReadonlyMap<string, RampCredentials>
  /** Where a ramp reports purchases: Portico's `/v1/onramp/callback/{ramp}`. */
  readonly callbackUrl: (ramp: Ramp) => string
}

export interface OnrampProvider {
  readonly url: string
  /** The account every purchase is paid out from. */
  readonly treasury: Address
  readonly stop: () => Promise<void>
}

export const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const maxBody = 16 * 1024

const send = (response: ServerResponse, status: number, type: string, body: string) => {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff", "content-security-policy": csp })
  response.end(body)
}
const html = (response: ServerResponse, status: number, body: string) => send(response, status, "text/html; charset=utf-8", body)
const json = (response: ServerResponse, status: number, body: unknown) => send(response, status, "application/json; charset=utf-8", JSON.stringify(body))
const refuse = (response: ServerResponse, status: number, message: string, field?: string) => {
  const body: ProviderError = { error: { ...(field === undefined ? {} : { field }), message } }
  json(response, status, body)
}

/** The body as text, when it says how long it is and that is at most `maxBody`. */
const bodyOf = (request: IncomingMessage): Promise<string> | undefined => {
  const length = Number(request.headers["content-length"])
  return Number.isInteger(length) && length <= maxBody ? text(request) : undefined
}

/** Compares digests, so neither the key's bytes nor its length leak through timing. */
const sameKey = (given: string, expected: string) => timingSafeEqual(sha256(utf8ToBytes(given)), sha256(utf8ToBytes(expected)))

/** The widest range the payment methods take together: quotes do not depend on the method. */
const quoteRange = {
  min: paymentLimits.map((limit) => cents(limit.min) ?? 0n).reduce((a, b) => (b < a ? b : a)),
  max: paymentLimits.map((limit) => cents(limit.max) ?? 0n).reduce((a, b) => (b > a ? b : a))
}

/** `amount` of `asset` in base units; undefined with more decimals than the asset has. */
const unitsOf = (amount: string, asset: SoldAsset) =>
  (amount.split(".")[1] ?? "").length > asset.decimals ? undefined : parseUnits(amount, asset.decimals)

const decodeQuoteRequest = Schema.decodeUnknownOption(Schema.fromJsonString(ProviderQuoteRequest))

type Resolved =
  | { readonly _tag: "Order"; readonly order: Order; readonly claims: CheckoutToken.CheckoutClaims }
  | { readonly _tag: "Problem"; readonly status: number; readonly title: string; readonly message: string }

const problem = (status: number, title: string, message: string): Resolved => ({ _tag: "Problem", status, title, message })

interface Paid {
  readonly expires: number
  readonly receipt: Promise<{ readonly hash: string; readonly purchaseId: string; readonly notified: boolean }>
}

export const startOnrampProvider = async (options: OnrampProviderOptions): Promise<OnrampProvider> => {
  const host = options.host ?? "127.0.0.1"
  const treasury = makeTreasury(options.networks)
  await treasury.fund()
  const [script, css] = await Promise.all([
    readFile(sandboxFile("onramp/checkout.js"), "utf8"),
    readFile(sandboxFile("onramp/checkout.css"), "utf8")
  ])
  /** Sessions paid or being paid, by JWT id, until they expire. */
  const payments = new Map<string, Paid>()

  const credentialOf = (ramp: Ramp) => {
    const credential = options.credentials.get(ramp.id)
    if (credential === undefined) throw new RangeError(`no credentials for ${ramp.id}`)
    return credential
  }

  /** A signed session as an order this ramp can fill by card, or the page saying why not. */
  const orderOf = async (ramp: Ramp, session: string, now: Date): Promise<Resolved> => {
    const verified = await CheckoutToken.verify(credentialOf(ramp).secret, ramp.id, session, now)
    if (verified._tag === "Expired") return problem(410, "This checkout link has expired", "Checkout links are good for ten minutes.")
    if (verified._tag === "Invalid") return problem(400, "This checkout link is not valid", `The link was changed, or was not made for ${ramp.name}.`)
    const { claims } = verified
    const asset = soldAssets.find((candidate) => candidate.id === claims.asset)
    const network = options.networks.find((candidate) => String(candidate.chainId) === claims.chain_id && networkName(candidate) === claims.network)
    const fiat = fiatUsd.get(claims.payment_currency)
    if (asset === undefined || network === undefined || fiat === undefined || !isAddress(claims.destination_address)) {
      return problem(422, "This order cannot be served", `${ramp.name} does not sell ${claims.asset} on ${claims.network} for ${claims.payment_currency}, or the wallet address is wrong.`)
    }
    const pricing = pricingOf(ramp, asset, fiat)
    const units = claims.preset_crypto_amount === undefined ? undefined : unitsOf(claims.preset_crypto_amount, asset)
    const total = claims.preset_fiat_amount !== undefined ? cents(claims.preset_fiat_amount) : units === undefined ? undefined : totalFor(units, pricing)
    const quote = total === undefined ? undefined : quoteFor(total, pricing)
    if (quote === undefined) return problem(422, "This amount cannot be bought", "The amount is too small to cover the fees.")
    const [min, max] = [cents(cardLimit.min) ?? 0n, cents(cardLimit.max) ?? 0n]
    if (quote.totalCents < min || quote.totalCents > max) {
      return problem(422, "This amount cannot be paid by card", `Card payments are from ${cardLimit.min} to ${cardLimit.max} ${claims.payment_currency}.`)
    }
    return { _tag: "Order", order: { ramp, asset, network, to: getAddress(claims.destination_address), quote, fiat: claims.payment_currency }, claims }
  }

  /** Delivers the order on chain, then tells Portico. */
  const fill = async (ramp: Ramp, order: Order, claims: CheckoutToken.CheckoutClaims) => {
    const hash = await treasury.deliver(order.network.chainId, order.asset, getAddress(order.to), order.quote.units)
    const purchaseId = randomUUID()
    const callback: PurchaseCallback = {
      purchase_id: purchaseId,
      partner_user_id: claims.partner_user_id,
      quote_id: claims.quote_id,
      chain_id: String(order.network.chainId),
      contract_address: order.asset.contract?.(order.network.chainId) ?? "",
      destination_address: order.to,
      purchase_amount: formatUnits(order.quote.units, order.asset.decimals),
      payment_total: { value: centsText(order.quote.totalCents), currency: order.fiat },
      transaction_hash: hash
    }
    const body = JSON.stringify(callback)
    const notified = await fetch(options.callbackUrl(ramp), {
      method: "POST",
      headers: { "content-type": "application/json", [signatureHeader]: CallbackSignature.sign(credentialOf(ramp).secret, utf8ToBytes(body)) },
      body,
      signal: AbortSignal.timeout(10_000)
    }).then((response) => response.ok, () => false)
    return { hash, purchaseId, notified }
  }

  const quoteAnswer = (ramp: Ramp, request: ProviderQuoteRequest): { readonly quote: ProviderQuote } | { readonly field: string; readonly message: string } => {
    const asset = soldAssets.find((candidate) => candidate.id === request.purchase_currency)
    if (asset === undefined) return { field: "purchase_currency", message: `${ramp.name} does not sell ${request.purchase_currency}` }
    const network = options.networks.find((candidate) => networkName(candidate) === request.purchase_network)
    if (network === undefined) return { field: "purchase_network", message: `${ramp.name} does not deliver on ${request.purchase_network}` }
    const fiat = fiatUsd.get(request.payment_currency)
    if (fiat === undefined) return { field: "payment_currency", message: `${ramp.name} does not take ${request.payment_currency}` }
    if ((request.payment_amount === undefined) === (request.purchase_amount === undefined)) {
      return { field: "payment_amount", message: "give payment_amount or purchase_amount, not both" }
    }
    const pricing = pricingOf(ramp, asset, fiat)
    const field = request.payment_amount === undefined ? "purchase_amount" : "payment_amount"
    const units = request.purchase_amount === undefined ? undefined : unitsOf(request.purchase_amount, asset)
    if (request.purchase_amount !== undefined && units === undefined) return { field, message: `${asset.symbol} has ${asset.decimals} decimals` }
    const total = request.payment_amount === undefined ? totalFor(units ?? 0n, pricing) : cents(request.payment_amount) ?? 0n
    if (total < quoteRange.min || total > quoteRange.max) {
      return { field, message: `must come to ${centsText(quoteRange.min)} to ${centsText(quoteRange.max)} ${request.payment_currency}` }
    }
    const quote: Quote | undefined = quoteFor(total, pricing)
    if (quote === undefined) return { field, message: "too small to cover the fees" }
    const money = (value: bigint) => ({ value: centsText(value), currency: request.payment_currency })
    return {
      quote: {
        quote_id: randomUUID(),
        payment_total: money(quote.totalCents),
        payment_subtotal: money(quote.subtotalCents),
        provider_fee: money(quote.feeCents),
        network_fee: money(quote.networkFeeCents),
        purchase_amount: { value: formatUnits(quote.units, asset.decimals), currency: asset.symbol }
      }
    }
  }

  const api = async (ramp: Ramp, action: string | undefined, request: IncomingMessage, response: ServerResponse) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1]
    if (token === undefined || !sameKey(token, credentialOf(ramp).apiKey)) return refuse(response, 401, "invalid API key")
    if (action === "options" && request.method === "GET") return json(response, 200, optionsOf(options.networks))
    if (action !== "quote" || request.method !== "POST") return refuse(response, 404, "no such API call")
    const body = bodyOf(request)
    if (body === undefined) return refuse(response, 413, `the body must state its length, at most ${maxBody} bytes`)
    const decoded = decodeQuoteRequest(await body)
    if (decoded._tag === "None") return refuse(response, 400, "not a quote request")
    const answer = quoteAnswer(ramp, decoded.value)
    return "quote" in answer ? json(response, 200, answer.quote) : refuse(response, 400, answer.message, answer.field)
  }

  const checkout = async (ramp: Ramp, session: string, response: ServerResponse) => {
    const resolved = await orderOf(ramp, session, new Date())
    if (resolved._tag === "Problem") return html(response, resolved.status, problemPage(ramp, resolved.title, resolved.message))
    const paid = payments.get(resolved.claims.jti)
    if (paid !== undefined) return html(response, 200, receiptPage(resolved.order, await paid.receipt))
    return html(response, 200, checkoutPage(resolved.order, session))
  }

  const pay = async (ramp: Ramp, request: IncomingMessage, response: ServerResponse) => {
    const body = bodyOf(request)
    if (body === undefined) return html(response, 413, problemPage(ramp, "This payment cannot be read", "The form was too large."))
    const form = new URLSearchParams(await body)
    const session = form.get("session") ?? ""
    const now = new Date()
    const resolved = await orderOf(ramp, session, now)
    if (resolved._tag === "Problem") return html(response, resolved.status, problemPage(ramp, resolved.title, resolved.message))
    const { order, claims } = resolved
    for (const [id, paid] of payments) if (paid.expires * 1000 < now.getTime()) payments.delete(id)
    const earlier = payments.get(claims.jti)
    if (earlier !== undefined) return html(response, 200, receiptPage(order, await earlier.receipt))
    const card = checkCard({ number: form.get("card_number") ?? "", expiry: form.get("expiry") ?? "", cvc: form.get("cvc") ?? "" }, now)
    if (card._tag === "Invalid") return html(response, 400, checkoutPage(order, session, card))
    if (card._tag === "Declined") return html(response, 402, checkoutPage(order, session, card))
    // Registered before the first await, so a second submission waits for this one instead of paying again.
    const receipt = fill(ramp, order, claims)
    payments.set(claims.jti, { expires: claims.exp, receipt })
    try {
      return html(response, 200, receiptPage(order, await receipt))
    } catch (error) {
      payments.delete(claims.jti)
      const reason = error instanceof Error ? error.message : String(error)
      return html(response, 502, problemPage(ramp, "The delivery failed", `Nothing was charged. (${reason})`))
    }
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://provider.invalid")
    if (url.pathname === "/checkout.js") return send(response, 200, "text/javascript; charset=utf-8", script)
    if (url.pathname === "/checkout.css") return send(response, 200, "text/css; charset=utf-8", css)
    const [, rampId, area, action, ...rest] = url.pathname.split("/")
    const ramp = sandboxRamps.find((candidate) => candidate.id === rampId)
    if (ramp === undefined || rest.length > 0) return refuse(response, 404, "no such path")
    if (area === "api") return api(ramp, action, request, response)
    if (area === "checkout" && action === undefined && request.method === "GET") return checkout(ramp, url.searchParams.get("session") ?? "", response)
    if (area === "checkout" && action === "pay" && request.method === "POST") return pay(ramp, request, response)
    return refuse(response, 404, "no such path")
  }

  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (response.headersSent) response.destroy()
      else send(response, 500, "text/plain; charset=utf-8", "Internal error")
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  const port = await listen(server, options.port ?? 0, host)
  return {
    url: `http://${host}:${port}`,
    treasury: treasury.address,
    stop: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => done())
      })
  }
}
