/**
 * The onramp API's options, quotes and checkout URLs (spec §7) over the configured providers. Each
 * provider's options are narrowed to the chains and assets this server is configured for (OnrampChains.ts)
 * and kept a minute; the options answer merges them. A quote or a checkout names its provider (the first
 * by default) and is checked against that provider's narrowed options before the provider is asked:
 * an unknown currency, network or payment currency, or an amount outside the payment methods' limits, is a
 * 400 naming the field. Checkout URLs carry a signed session (CheckoutToken.ts) valid for ten minutes.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { isAddress } from "viem"
import { cents } from "../../../core/onramp/Buy.ts"
import type * as Onramp from "../../../core/Onramp.ts"
import * as TtlCache from "../../../core/TtlCache.ts"
import { BadRequest, UpstreamUnavailable } from "../../api/ApiError.ts"
import { OnrampOptions, OnrampQuote, OnrampUrl, type OnrampQuoteRequest, type OnrampUrlRequest } from "../../api/BlockchainApi.ts"

import type { OnrampProviderOptions } from "../ServerOptions.ts"
import * as CheckoutToken from "./CheckoutToken.ts"
import type { OnrampChains } from "./OnrampChains.ts"
import * as ProviderClient from "./ProviderClient.ts"
import { centsText, type ProviderNetwork, type ProviderOptions, type ProviderQuote } from "./ProviderProtocol.ts"

type QuoteRequest = typeof OnrampQuoteRequest.Type
type UrlRequest = typeof OnrampUrlRequest.Type

/** How long a provider's options are reused. */
const optionsTtlMillis = 60_000

type PurchaseOffer = ProviderOptions["purchase_currencies"][number]
type PaymentOffer = ProviderOptions["payment_currencies"][number]

/** An order resolved against one provider's options. */
interface Resolved {
  readonly currency: PurchaseOffer
  readonly network: ProviderNetwork
  readonly payment: PaymentOffer
}

/** The widest range a payment currency's methods take together: a quote does not depend on the method. */
const rangeOf = (payment: PaymentOffer) => {
  const mins = payment.limits.flatMap((limit) => Option.toArray(Option.fromUndefinedOr(cents(limit.min))))
  const maxes = payment.limits.flatMap((limit) => Option.toArray(Option.fromUndefinedOr(cents(limit.max))))
  return {
    min: mins.reduce((a, b) => (b < a ? b : a), mins[0] ?? 0n),
    max: maxes.reduce((a, b) => (b > a ? b : a), maxes[0] ?? 0n)
  }
}

/** A network named as in the options (`portico-local`), by chain id (`31337`) or as CAIP-2 (`eip155:31337`). */
const isNamed = (network: ProviderNetwork, name: string) =>
  network.name === name || network.chain_id === name || `eip155:${network.chain_id}` === name

/** Merges limits of one payment method across providers: the lowest minimum and the highest maximum. */
const mergeLimit = (a: { readonly min: string; readonly max: string }, b: { readonly min: string; readonly max: string }) => ({
  min: (cents(b.min) ?? 0n) < (cents(a.min) ?? 0n) ? b.min : a.min,
  max: (cents(b.max) ?? 0n) > (cents(a.max) ?? 0n) ? b.max : a.max
})

const merged = (offers: ReadonlyArray<ProviderOptions>): Pick<Onramp.OnrampOptions, "purchaseCurrencies" | "paymentCurrencies"> => {
  const purchase = new Map<string, Onramp.PurchaseCurrency>()
  const payment = new Map<string, Map<string, { readonly id: string; readonly min: string; readonly max: string }>>()
  for (const offer of offers) {
    for (const currency of offer.purchase_currencies) {
      const known = purchase.get(currency.id)
      const networks = [...(known?.networks ?? [])]
      for (const network of currency.networks) {
        if (!networks.some((entry) => entry.chain_id === network.chain_id && entry.contract_address.toLowerCase() === network.contract_address.toLowerCase())) {
          networks.push(network)
        }
      }
      purchase.set(currency.id, { id: currency.id, name: known?.name ?? currency.name, symbol: known?.symbol ?? currency.symbol, networks })
    }
    for (const currency of offer.payment_currencies) {
      const limits = payment.get(currency.id) ?? new Map()
      payment.set(currency.id, limits)
      for (const limit of currency.limits) {
        const known = limits.get(limit.id)
        limits.set(limit.id, { id: limit.id, ...(known === undefined ? limit : mergeLimit(known, limit)) })
      }
    }
  }
  return {
    purchaseCurrencies: [...purchase.values()],
    paymentCurrencies: Array.from(payment, ([id, limits]) => ({ id, payment_method_limits: [...limits.values()] }))
  }
}

const money = (entry: { readonly value: string; readonly currency: string }) => ({ amount: entry.value, currency: entry.currency })

const quoteOf = (quote: ProviderQuote) =>
  new OnrampQuote({
    coinbaseFee: money(quote.provider_fee),
    networkFee: money(quote.network_fee),
    paymentSubtotal: money(quote.payment_subtotal),
    paymentTotal: money(quote.payment_total),
    purchaseAmount: money(quote.purchase_amount),
    quoteId: quote.quote_id
  })

/** A preset amount the URL request gives as a JSON number, as the decimal text providers take. */
const fiatTextOf = (value: number): string | undefined => {
  const text = value.toFixed(2)
  return value > 0 && Number(text) === value ? text : undefined
}
const tokenTextOf = (value: number): string | undefined => {
  const text = String(value)
  return value > 0 && /^\d+(\.\d+)?$/.test(text) ? text : undefined
}

/**
 * An order's currency (the first sold on the network when none is named), network and payment currency
 * in one provider's options; each one unknown is a 400 naming its field in `fields`.
 */
const resolve = (
  offer: ProviderOptions,
  fields: { readonly currency: string; readonly network: string; readonly payment: string },
  wanted: { readonly currency: string | undefined; readonly network: string; readonly payment: string }
): Effect.Effect<Resolved, BadRequest> => {
  const onNetwork = offer.purchase_currencies.filter((currency) => currency.networks.some((network) => isNamed(network, wanted.network)))
  if (onNetwork.length === 0) return Effect.fail(new BadRequest({ message: `${fields.network}: ${wanted.network} is not a network this server buys on` }))
  const currency = wanted.currency === undefined
    ? onNetwork[0]
    : offer.purchase_currencies.find((candidate) => candidate.id.toUpperCase() === wanted.currency?.toUpperCase())
  if (currency === undefined) return Effect.fail(new BadRequest({ message: `${fields.currency}: ${wanted.currency ?? ""} cannot be bought here` }))
  const network = currency.networks.find((candidate) => isNamed(candidate, wanted.network))
  if (network === undefined) return Effect.fail(new BadRequest({ message: `${fields.network}: ${currency.id} cannot be bought on ${wanted.network}` }))
  const payment = offer.payment_currencies.find((candidate) => candidate.id.toUpperCase() === wanted.payment.toUpperCase())
  if (payment === undefined) return Effect.fail(new BadRequest({ message: `${fields.payment}: ${wanted.payment} is not taken as payment` }))
  return Effect.succeed({ currency, network, payment })
}

/** `text` as cents within the payment currency's limits. */
const fiatAmount = (field: string, text: string, payment: PaymentOffer): Effect.Effect<string, BadRequest> => {
  const value = cents(text)
  if (value === undefined || value === 0n) return Effect.fail(new BadRequest({ message: `${field}: must be a positive amount with at most two decimals` }))
  const range = rangeOf(payment)
  return value < range.min || value > range.max
    ? Effect.fail(new BadRequest({ message: `${field}: must be from ${centsText(range.min)} to ${centsText(range.max)} ${payment.id}` }))
    : Effect.succeed(centsText(value))
}

export interface OnrampOffers {
  readonly options: Effect.Effect<OnrampOptions, UpstreamUnavailable>
  readonly quote: (request: QuoteRequest) => Effect.Effect<OnrampQuote, BadRequest | UpstreamUnavailable>
  readonly checkoutUrl: (request: UrlRequest, nowSeconds: number) => Effect.Effect<OnrampUrl, BadRequest | UpstreamUnavailable>
}

export const make = (providers: ReadonlyArray<OnrampProviderOptions>, chains: OnrampChains): Effect.Effect<OnrampOffers> =>
  Effect.gen(function*() {
    const cache = yield* TtlCache.make<ProviderOptions>(optionsTtlMillis, { capacity: providers.length })

    /** The provider's options, narrowed to what this server can deliver to and check. */
    const offerOf = (provider: OnrampProviderOptions) =>
      cache.getOrFetch(provider.id, Effect.map(ProviderClient.options(provider), (offer): ProviderOptions => ({
        purchase_currencies: offer.purchase_currencies.flatMap((currency) => {
          const networks = currency.networks.filter((network) => chains.get(network.chain_id)?.assetOf(network.contract_address) !== undefined)
          return networks.length === 0 ? [] : [{ ...currency, networks }]
        }),
        payment_currencies: offer.payment_currencies
      })))

    const providerOf = (id: string | undefined) => {
      const provider = id === undefined ? providers[0] : providers.find((candidate) => candidate.id === id)
      return provider === undefined
        ? Effect.fail(new BadRequest({ message: `provider: ${id ?? ""} is not an onramp provider of this server (${providers.map((entry) => entry.id).join(", ")})` }))
        : Effect.succeed(provider)
    }

    return {
      options: Effect.gen(function*() {
        const answers = yield* Effect.forEach(providers, (provider) => Effect.result(offerOf(provider)), { concurrency: "unbounded" })
        const answered = providers.flatMap((provider, index) => {
          const answer = answers[index]
          return answer !== undefined && answer._tag === "Success" ? [{ provider, offer: answer.success }] : []
        })
        // One provider down still leaves a working onramp; all of them down is the client's fallback case.
        if (answered.length === 0) return yield* new UpstreamUnavailable({ message: "No onramp provider could be reached" })
        return new OnrampOptions({
          ...merged(answered.map((entry) => entry.offer)),
          providers: answered.map(({ provider }) => ({ id: provider.id, name: provider.name }))
        })
      }),

      quote: (request) =>
        Effect.gen(function*() {
          const provider = yield* providerOf(request.provider)
          const offer = yield* offerOf(provider)
          const order = yield* resolve(offer, { currency: "purchaseCurrency", network: "network", payment: "paymentCurrency" }, {
            currency: request.purchaseCurrency,
            network: request.network,
            payment: request.paymentCurrency
          })
          const amount = yield* fiatAmount("amount", request.amount, order.payment)
          const quote = yield* ProviderClient.quote(provider, {
            purchase_currency: order.currency.id,
            purchase_network: order.network.name,
            payment_currency: order.payment.id,
            payment_amount: amount
          })
          return quoteOf(quote)
        }),

      checkoutUrl: (request, nowSeconds) =>
        Effect.gen(function*() {
          const provider = yield* providerOf(request.provider)
          const offer = yield* offerOf(provider)
          const [wallet] = request.destinationWallets
          if (wallet === undefined) return yield* new BadRequest({ message: "destinationWallets: must name the wallet to deliver to" })
          const networkName = request.defaultNetwork ?? wallet.blockchains?.[0]
          if (networkName === undefined) return yield* new BadRequest({ message: "defaultNetwork: required when destinationWallets[0].blockchains is empty" })
          const order = yield* resolve(offer, { currency: "destinationWallets[0].assets", network: "defaultNetwork", payment: "paymentCurrency" }, {
            currency: wallet.assets?.[0],
            network: networkName,
            payment: request.paymentCurrency ?? "USD"
          })
          if (!isAddress(wallet.address, { strict: true })) {
            return yield* new BadRequest({ message: `destinationWallets[0].address: not an address on ${order.network.display_name}` })
          }
          if (request.partnerUserId.length === 0 || request.partnerUserId.length > 200) {
            return yield* new BadRequest({ message: "partnerUserId: must be 1 to 200 characters" })
          }
          const fiat = request.presetFiatAmount === undefined
            ? undefined
            : yield* fiatAmount("presetFiatAmount", fiatTextOf(request.presetFiatAmount) ?? "", order.payment)
          const crypto = request.presetCryptoAmount === undefined ? undefined : tokenTextOf(request.presetCryptoAmount)
          if (request.presetCryptoAmount !== undefined && crypto === undefined) {
            return yield* new BadRequest({ message: "presetCryptoAmount: must be a positive decimal amount" })
          }
          // The checkout charges the fiat amount when given, else it sells the crypto amount.
          const amount = fiat !== undefined ? { payment_amount: fiat } : crypto !== undefined ? { purchase_amount: crypto } : undefined
          if (amount === undefined) return yield* new BadRequest({ message: "presetFiatAmount: give it or presetCryptoAmount" })
          const quote = yield* ProviderClient.quote(provider, {
            purchase_currency: order.currency.id,
            purchase_network: order.network.name,
            payment_currency: order.payment.id,
            ...amount
          })
          const session = yield* Effect.promise(() =>
            CheckoutToken.sign(provider.secret, provider.id, {
              destination_address: wallet.address,
              chain_id: order.network.chain_id,
              network: order.network.name,
              asset: order.currency.id,
              payment_currency: order.payment.id,
              ...(fiat === undefined ? {} : { preset_fiat_amount: fiat }),
              ...(crypto === undefined ? {} : { preset_crypto_amount: crypto }),
              quote_id: quote.quote_id,
              partner_user_id: request.partnerUserId
            }, nowSeconds)
          )
          const url = new URL(provider.checkoutUrl)
          url.searchParams.set("session", session)
          return new OnrampUrl({ url: url.toString() })
        })
    }
  })
