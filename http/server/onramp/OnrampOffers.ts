/**
 * The onramp API's options, quotes and checkout URLs (spec §7) over the configured providers, whatever
 * protocol each speaks (RampProvider.ts). Each provider's catalogue is narrowed to the chains and assets
 * this server is configured for (OnrampChains.ts) and kept a minute; the options answer merges them, an
 * asset named by its symbol and a network by this server's name for the chain. A quote or a checkout names
 * its provider (the first by default) and is checked against that provider's narrowed catalogue before the
 * provider is asked: an unknown currency, network or payment currency, or an amount outside the payment
 * methods' limits, is a 400 naming the field.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { isAddress } from "viem"
import { cents } from "../../../core/onramp/Buy.ts"
import type * as Onramp from "../../../core/Onramp.ts"
import * as TtlCache from "../../../core/TtlCache.ts"
import { BadRequest, UpstreamUnavailable } from "../../api/ApiError.ts"
import { OnrampOptions, OnrampQuote, OnrampUrl, type OnrampQuoteRequest, type OnrampUrlRequest } from "../../api/BlockchainApi.ts"
import type { OnrampChain, OnrampChains } from "./OnrampChains.ts"
import type { Catalogue, Offer, PaymentLimit, RampProvider } from "./RampProvider.ts"

type QuoteRequest = typeof OnrampQuoteRequest.Type
type UrlRequest = typeof OnrampUrlRequest.Type

/** How long a provider's catalogue is reused. */
const optionsTtlMillis = 60_000

type Payment = Catalogue["payments"][number]

/** Cents as fiat text (`5000n` → `"50.00"`). */
const centsText = (value: bigint): string => `${value / 100n}.${String(value % 100n).padStart(2, "0")}`

const lowest = (values: ReadonlyArray<bigint>) => values.reduce((a, b) => (b < a ? b : a), values[0] ?? 0n)
const highest = (values: ReadonlyArray<bigint>) => values.reduce((a, b) => (b > a ? b : a), values[0] ?? 0n)
const centsOf = (texts: ReadonlyArray<string>) => texts.flatMap((text) => Option.toArray(Option.fromUndefinedOr(cents(text))))

/** The widest range a payment currency's methods take together: a quote does not depend on the method. */
const rangeOf = (payment: Payment) => ({
  min: lowest(centsOf(payment.limits.map((limit) => limit.min))),
  max: highest(centsOf(payment.limits.map((limit) => limit.max)))
})

/** Merges one method's limits across providers: the lowest minimum and the highest maximum. */
const mergeLimit = (a: PaymentLimit, b: PaymentLimit): PaymentLimit => ({
  id: a.id,
  min: centsText(lowest(centsOf([a.min, b.min]))),
  max: centsText(highest(centsOf([a.max, b.max])))
})

const merged = (catalogues: ReadonlyArray<Catalogue>, chains: OnrampChains): Pick<Onramp.OnrampOptions, "purchaseCurrencies" | "paymentCurrencies"> => {
  const purchase = new Map<string, Onramp.PurchaseCurrency>()
  const payment = new Map<string, Map<string, PaymentLimit>>()
  for (const catalogue of catalogues) {
    for (const offer of catalogue.offers) {
      const chain = chains.get(offer.chainId)
      if (chain === undefined) continue
      const known = purchase.get(offer.symbol)
      const networks = known?.networks ?? []
      const listed = networks.some((network) => network.chain_id === offer.chainId)
      purchase.set(offer.symbol, {
        id: offer.symbol,
        name: known?.name ?? offer.name,
        symbol: offer.symbol,
        networks: listed ? networks : [...networks, { name: chain.name, display_name: chain.displayName, chain_id: chain.chainId, contract_address: offer.contract }]
      })
    }
    for (const currency of catalogue.payments) {
      const limits = payment.get(currency.id) ?? new Map<string, PaymentLimit>()
      payment.set(currency.id, limits)
      for (const limit of currency.limits) {
        const known = limits.get(limit.id)
        limits.set(limit.id, known === undefined ? { id: limit.id, min: limit.min, max: limit.max } : mergeLimit(known, limit))
      }
    }
  }
  return {
    purchaseCurrencies: [...purchase.values()],
    paymentCurrencies: Array.from(payment, ([id, limits]) => ({ id, payment_method_limits: [...limits.values()] }))
  }
}

/** A preset amount the URL request gives as a JSON number, as decimal text. */
const fiatTextOf = (value: number): string | undefined => {
  const text = value.toFixed(2)
  return value > 0 && Number(text) === value ? text : undefined
}
const tokenTextOf = (value: number): string | undefined => {
  const text = String(value)
  return value > 0 && /^\d+(\.\d+)?$/.test(text) ? text : undefined
}

interface Fields {
  readonly currency: string
  readonly network: string
  readonly payment: string
}

/** An order resolved against one provider's catalogue. */
interface Resolved {
  readonly offer: Offer
  readonly chain: OnrampChain
  readonly payment: Payment
}

/** `text` as cents within the payment currency's limits, as fiat text. */
const fiatAmount = (field: string, text: string, payment: Payment): Effect.Effect<string, BadRequest> => {
  const value = cents(text)
  if (value === undefined || value === 0n) return Effect.fail(new BadRequest({ message: `${field}: must be a positive amount with at most two decimals` }))
  const range = rangeOf(payment)
  return value < range.min || value > range.max
    ? Effect.fail(new BadRequest({ message: `${field}: must be from ${centsText(range.min)} to ${centsText(range.max)} ${payment.id}` }))
    : Effect.succeed(centsText(value))
}

/** A network named as in the options (`portico-local`), by chain id (`31337`) or as CAIP-2 (`eip155:31337`). */
const chainNamed = (chains: OnrampChains, name: string) =>
  Array.from(chains.values()).find((chain) => chain.name === name || chain.chainId === name || chain.caip === name)

const resolve = (
  chains: OnrampChains,
  catalogue: Catalogue,
  fields: Fields,
  wanted: { readonly currency: string | undefined; readonly network: string; readonly payment: string }
): Effect.Effect<Resolved, BadRequest> => {
  const chain = chainNamed(chains, wanted.network)
  const onChain = chain === undefined ? [] : catalogue.offers.filter((offer) => offer.chainId === chain.chainId)
  if (chain === undefined || onChain.length === 0) {
    return Effect.fail(new BadRequest({ message: `${fields.network}: ${wanted.network} is not a network this server buys on` }))
  }
  const symbol = wanted.currency?.toUpperCase()
  if (symbol !== undefined && !catalogue.offers.some((offer) => offer.symbol === symbol)) {
    return Effect.fail(new BadRequest({ message: `${fields.currency}: ${wanted.currency ?? ""} cannot be bought here` }))
  }
  const offer = symbol === undefined ? onChain[0] : onChain.find((candidate) => candidate.symbol === symbol)
  if (offer === undefined) return Effect.fail(new BadRequest({ message: `${fields.network}: ${symbol ?? ""} cannot be bought on ${wanted.network}` }))
  const payment = catalogue.payments.find((candidate) => candidate.id === wanted.payment.toUpperCase())
  if (payment === undefined) return Effect.fail(new BadRequest({ message: `${fields.payment}: ${wanted.payment} is not taken as payment` }))
  return Effect.succeed({ offer, chain, payment })
}

export interface OnrampOffers {
  readonly options: Effect.Effect<OnrampOptions, UpstreamUnavailable>
  readonly quote: (request: QuoteRequest) => Effect.Effect<OnrampQuote, BadRequest | UpstreamUnavailable>
  /** `clientIp`: the visitor's address as this server sees it, for providers that bind a session to it. */
  readonly checkoutUrl: (request: UrlRequest, clientIp: string | undefined) => Effect.Effect<OnrampUrl, BadRequest | UpstreamUnavailable>
  /** A provider's catalogue narrowed to this server's chains (the purchases read it too). */
  readonly offersOf: (provider: RampProvider) => Effect.Effect<ReadonlyArray<Offer>, UpstreamUnavailable>
}

export const make = (providers: ReadonlyArray<RampProvider>, chains: OnrampChains): Effect.Effect<OnrampOffers> =>
  Effect.gen(function*() {
    const cache = yield* TtlCache.make<Catalogue>(optionsTtlMillis, { capacity: providers.length })

    /** The provider's catalogue, narrowed to what this server can deliver to and check. */
    const catalogueOf = (provider: RampProvider) =>
      cache.getOrFetch(provider.id, Effect.map(provider.catalogue, (catalogue): Catalogue => ({
        offers: catalogue.offers.filter((offer) => chains.get(offer.chainId)?.assetOf(offer.contract) !== undefined),
        payments: catalogue.payments
      })))

    const providerOf = (id: string | undefined) => {
      const provider = id === undefined ? providers[0] : providers.find((candidate) => candidate.id === id)
      return provider === undefined
        ? Effect.fail(new BadRequest({ message: `provider: ${id ?? ""} is not an onramp provider of this server (${providers.map((entry) => entry.id).join(", ")})` }))
        : Effect.succeed(provider)
    }

    return {
      offersOf: (provider) => Effect.map(catalogueOf(provider), (catalogue) => catalogue.offers),

      options: Effect.gen(function*() {
        const answers = yield* Effect.forEach(providers, (provider) => Effect.result(catalogueOf(provider)), { concurrency: "unbounded" })
        const answered = providers.flatMap((provider, index) => {
          const answer = answers[index]
          return answer !== undefined && answer._tag === "Success" ? [{ provider, catalogue: answer.success }] : []
        })
        // One provider down still leaves a working onramp; all of them down is the client's fallback case.
        if (answered.length === 0) return yield* new UpstreamUnavailable({ message: "No onramp provider could be reached" })
        return new OnrampOptions({
          ...merged(answered.map((entry) => entry.catalogue), chains),
          providers: answered.map(({ provider }) => ({ id: provider.id, name: provider.name }))
        })
      }),

      quote: (request) =>
        Effect.gen(function*() {
          const provider = yield* providerOf(request.provider)
          const catalogue = yield* catalogueOf(provider)
          const order = yield* resolve(chains, catalogue, { currency: "purchaseCurrency", network: "network", payment: "paymentCurrency" }, {
            currency: request.purchaseCurrency,
            network: request.network,
            payment: request.paymentCurrency
          })
          const paymentAmount = yield* fiatAmount("amount", request.amount, order.payment)
          const quote = yield* provider.quote({ offer: order.offer, paymentCurrency: order.payment.id, paymentAmount })
          return new OnrampQuote({
            coinbaseFee: quote.providerFee,
            networkFee: quote.networkFee,
            paymentSubtotal: quote.paymentSubtotal,
            paymentTotal: quote.paymentTotal,
            purchaseAmount: quote.purchaseAmount,
            quoteId: quote.quoteId
          })
        }),

      checkoutUrl: (request, clientIp) =>
        Effect.gen(function*() {
          const provider = yield* providerOf(request.provider)
          const catalogue = yield* catalogueOf(provider)
          const [wallet] = request.destinationWallets
          if (wallet === undefined) return yield* new BadRequest({ message: "destinationWallets: must name the wallet to deliver to" })
          const networkName = request.defaultNetwork ?? wallet.blockchains?.[0]
          if (networkName === undefined) return yield* new BadRequest({ message: "defaultNetwork: required when destinationWallets[0].blockchains is empty" })
          const order = yield* resolve(chains, catalogue, { currency: "destinationWallets[0].assets", network: "defaultNetwork", payment: "paymentCurrency" }, {
            currency: wallet.assets?.[0],
            network: networkName,
            payment: request.paymentCurrency ?? "USD"
          })
          if (!isAddress(wallet.address, { strict: true })) {
            return yield* new BadRequest({ message: `destinationWallets[0].address: not an address on ${order.chain.displayName}` })
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
          if (fiat === undefined && crypto === undefined) return yield* new BadRequest({ message: "presetFiatAmount: give it or presetCryptoAmount" })
          const url = yield* provider.checkoutUrl({
            offer: order.offer,
            address: wallet.address,
            paymentCurrency: order.payment.id,
            paymentAmount: fiat,
            cryptoAmount: crypto,
            partnerUserId: request.partnerUserId,
            clientIp
          })
          return new OnrampUrl({ url })
        })
    }
  })
