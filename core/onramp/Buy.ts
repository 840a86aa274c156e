/**
 * The buy form (spec §2 feature area "onramp", §3 "Onramp options" and "Onramp quote"): what can be
 * bought on the active network, the fiat amount and how it is paid, every provider's quote for it, and
 * the purchase handed to a provider's checkout until its tokens arrive. Amounts are decimal text, compared
 * in cents, never as floats.
 */
import * as Context from "effect/Context"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Onramp from "../Onramp.ts"

/** One provider's quote for the form; `estimate` marks the spec's stand-in when the quote call failed. */
export interface ProviderQuote {
  readonly provider: Onramp.OnrampProvider
  readonly quote: Onramp.OnrampQuote
  readonly estimate: boolean
}

/** Where a purchase handed to a checkout stands. */
export type PurchaseStatus = "waiting" | "arrived"

export interface Purchase {
  readonly provider: Onramp.OnrampProvider
  readonly address: string
  readonly caipNetworkId: string
  /** The purchase currency's symbol (ETH, USDC). */
  readonly symbol: string
  /** The fiat amount and its currency, as paid. */
  readonly fiat: { readonly amount: string; readonly currency: string }
  /** The checkout, kept so the visitor can open it again if the window was blocked or closed. */
  readonly checkoutUrl: string
  /** Epoch ms: purchases the history lists from before this are not this one. */
  readonly startedAt: number
  /** The ids of the purchases the history listed at checkout: none of them is this one. */
  readonly listedBefore: ReadonlyArray<string>
  readonly status: PurchaseStatus
  /** Once arrived: the amount received and the delivering transaction. */
  readonly received?: { readonly amount: string; readonly hash: string }
}

export type AmountProblem =
  | { readonly kind: "invalid" }
  | { readonly kind: "belowMin"; readonly min: string }
  | { readonly kind: "aboveMax"; readonly max: string }

export interface BuyState {
  /** Undefined until the options arrive (or their fallback replaces them). */
  readonly options: Onramp.OnrampOptions | undefined
  /** The options are the built-in defaults of spec §8, because the options call failed. */
  readonly fallback: boolean
  /** The purchase currency id (ETH, USDC). */
  readonly currency: string | undefined
  /** The payment currency id (USD, EUR). */
  readonly paymentCurrency: string
  /** The payment method id (card, ach_bank_account). */
  readonly paymentMethod: string
  /** The fiat amount as typed. */
  readonly amount: string
  readonly quotes: ReadonlyArray<ProviderQuote>
  readonly quoting: boolean
  /** The provider the visitor picked; the best quote's when none was. */
  readonly provider: string | undefined
  readonly problem: { readonly _tag: string; readonly message: string } | undefined
  readonly purchase: Purchase | undefined
}

export const initial: BuyState = {
  options: undefined,
  fallback: false,
  currency: undefined,
  paymentCurrency: "USD",
  paymentMethod: "card",
  amount: "",
  quotes: [],
  quoting: false,
  provider: undefined,
  problem: undefined,
  purchase: undefined
}

/** The form, made by the composition root before the onramp feature's chunk loads. */
export class BuyForm extends Context.Service<BuyForm, SubscriptionRef.SubscriptionRef<BuyState>>()("portico/core/onramp/BuyForm") {}

const centsPattern = /^(\d+)(?:\.(\d{1,2}))?$/

/** A fiat amount ("12.5") in cents (1250n); undefined for anything but digits with up to two decimals. */
export const cents = (text: string): bigint | undefined => {
  const match = centsPattern.exec(text.trim())
  if (match === null) return undefined
  const [, whole = "0", fraction = ""] = match
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"))
}

/** The limits of a payment method in a payment currency, when the options name them. */
export const limitOf = (
  options: Onramp.OnrampOptions,
  paymentCurrency: string,
  paymentMethod: string
): { readonly min: string; readonly max: string } | undefined =>
  options.paymentCurrencies.find((currency) => currency.id === paymentCurrency)?.payment_method_limits
    .find((limit) => limit.id === paymentMethod)

/** Why `amount` cannot be paid within `limit` (spec §9 onramp limits); undefined when it can. */
export const amountProblem = (
  amount: string,
  limit: { readonly min: string; readonly max: string }
): AmountProblem | undefined => {
  const value = cents(amount)
  if (value === undefined || value === 0n) return { kind: "invalid" }
  const min = cents(limit.min)
  const max = cents(limit.max)
  if (min !== undefined && value < min) return { kind: "belowMin", min: limit.min }
  if (max !== undefined && value > max) return { kind: "aboveMax", max: limit.max }
  return undefined
}

/** The network of a purchase currency that is `reference` (the decimal EVM chain id), if any. */
export const networkOn = (
  currency: Onramp.PurchaseCurrency,
  reference: string
): Onramp.PurchaseCurrency["networks"][number] | undefined =>
  currency.networks.find((network) => network.chain_id === reference)

/**
 * What can be bought on the network `reference`. The built-in fallback names main networks only, so
 * with it every currency is offered and the server's URL generator decides.
 */
export const currenciesOn = (state: Pick<BuyState, "options" | "fallback">, reference: string): ReadonlyArray<Onramp.PurchaseCurrency> =>
  state.options === undefined
    ? []
    : state.fallback
    ? state.options.purchaseCurrencies
    : state.options.purchaseCurrencies.filter((currency) => networkOn(currency, reference) !== undefined)

/** The quote that buys the most; real quotes before estimates. */
export const bestQuote = (quotes: ReadonlyArray<ProviderQuote>): ProviderQuote | undefined =>
  quotes.reduce<ProviderQuote | undefined>((best, candidate) => {
    if (best === undefined) return candidate
    if (best.estimate !== candidate.estimate) return best.estimate ? candidate : best
    return Number(candidate.quote.purchaseAmount.amount) > Number(best.quote.purchaseAmount.amount) ? candidate : best
  }, undefined)

/** The quote the checkout will use: the picked provider's, or the best. */
export const chosenQuote = (state: Pick<BuyState, "quotes" | "provider">): ProviderQuote | undefined =>
  state.quotes.find((quote) => quote.provider.id === state.provider) ?? bestQuote(state.quotes)
