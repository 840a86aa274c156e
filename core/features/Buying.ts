/**
 * Buying crypto through an onramp (spec §2 feature area "onramp", §7 onramp calls, §8 fallbacks): the
 * options (or the built-in defaults when the call fails), every provider's quote for the form (or the
 * marked estimate when a quote call fails), a signed checkout URL for the chosen provider, and the
 * purchase followed through our server's `onramp` history until its tokens arrive; then balances and
 * activity load again. Its own chunk (app/BuyEngine.ts): a visitor who never opens Buy never loads it.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Backend, type BackendError } from "../Backend.ts"
import { referenceOf } from "../Caip.ts"
import { fixed } from "../FixedMessage.ts"
import { HostConfig } from "../HostConfig.ts"
import * as HostFeatures from "../HostFeatures.ts"
import * as Onramp from "../Onramp.ts"
import * as Buy from "../onramp/Buy.ts"
import { estimatedQuote } from "../onramp/EstimatedQuote.ts"
import * as Session from "../Session.ts"
import type * as Transaction from "../Transaction.ts"
import type * as WalletError from "../WalletError.ts"
import { AccountData, shownBalances } from "./AccountData.ts"
import { Activity, keyOf } from "./Activity.ts"
import { notConnected } from "./WalletRequests.ts"

export type BuyFailure = BackendError | WalletError.UnauthorizedError | BuyNotReadyError | HostFeatures.FeatureDisabledError

/** The provider a server without a providers list offers (it quotes and checks out with its first). */
const defaultProvider: Onramp.OnrampProvider = { id: "default", name: "Onramp" }

const problemOf = (error: { readonly _tag: string; readonly message: string }) => ({ _tag: error._tag, message: error.message })

/** How far the chain's clock may be behind the visitor's when telling a new purchase from an older one. */
const clockSlackMillis = 10 * 60_000

/**
 * The delivery the history lists for `purchase`: one it did not list at checkout, completed, in its
 * currency, and not older than the checkout (give or take the clocks' difference).
 */
const deliveryOf = (purchase: Buy.Purchase, history: Transaction.History) =>
  history.data.find((entry) =>
    !purchase.listedBefore.includes(entry.id) &&
    entry.metadata.status === "ONRAMP_TRANSACTION_STATUS_SUCCESS" &&
    Date.parse(entry.metadata.minedAt) >= purchase.startedAt - clockSlackMillis &&
    entry.transfers.some((transfer) => transfer.direction === "in" && transfer.fungible_info?.symbol === purchase.symbol))

/** The currency's network that is the account's chain, or else the currency's first. */
const networkFor = (currency: Onramp.PurchaseCurrency, account: Session.SessionAccount) =>
  Buy.networkOn(currency, referenceOf(account.caipNetworkId)) ?? currency.networks[0]

/** Every provider's quote for the form; spec §8: a failed quote is replaced by the mocked one, marked as an estimate. */
const quotesOf = (
  backend: Backend["Service"],
  providers: ReadonlyArray<Onramp.OnrampProvider>,
  request: { readonly purchaseCurrency: string; readonly paymentCurrency: string; readonly amount: string; readonly network: string },
  usdPrice: number | undefined
) =>
  Effect.forEach(providers, (provider) =>
    backend.onrampQuote({ ...request, provider: provider.id }).pipe(
      Effect.map((quote): Buy.ProviderQuote => ({ provider, quote, estimate: false })),
      Effect.orElseSucceed((): Buy.ProviderQuote => ({
        provider,
        estimate: true,
        quote: estimatedQuote({
          purchaseCurrency: request.purchaseCurrency,
          paymentCurrency: request.paymentCurrency,
          amount: request.amount,
          ...(usdPrice === undefined ? {} : { usdPrice })
        })
      }))
    ), { concurrency: "unbounded" })

export class Buying extends Context.Service<Buying, {
  readonly form: SubscriptionRef.SubscriptionRef<Buy.BuyState>
  /** Loads the options (the built-in ones when the call fails) and picks a currency of the active network. */
  readonly open: Effect.Effect<void>
  readonly setCurrency: (id: string) => Effect.Effect<void>
  readonly setAmount: (amount: string) => Effect.Effect<void>
  /** The payment currency and method together: the limits depend on both. */
  readonly setPayment: (currency: string, method: string) => Effect.Effect<void>
  readonly chooseProvider: (id: string) => Effect.Effect<void>
  /** Every provider's quote for the form as it stands. */
  readonly requote: Effect.Effect<void>
  /** The chosen provider's checkout URL for the form; the purchase is followed from now on. */
  readonly checkout: Effect.Effect<string, BuyFailure>
  /** Asks the history once whether the purchase arrived; the view calls it while it waits. */
  readonly checkPurchase: Effect.Effect<Buy.PurchaseStatus | undefined, BuyFailure>
  /** Gives up following the purchase (the visitor left the status view). */
  readonly forgetPurchase: Effect.Effect<void>
}>()("portico/core/features/Buying") {
  static readonly layer = Layer.effect(
    Buying,
    Effect.gen(function*() {
      const backend = yield* Backend
      const hostConfig = yield* HostConfig
      const session = yield* Session.Session
      const accountData = yield* AccountData
      const activity = yield* Activity
      const form = yield* Buy.BuyForm

      const activeAccount = Effect.flatMap(SubscriptionRef.get(session.state), (state) => {
        const account = Session.activeAccount(state)
        return account === undefined ? Effect.fail(notConnected()) : Effect.succeed(account)
      })

      /** What the form's currency costs in USD, from the balances the Account view loaded. */
      const usdPrice = (account: Session.SessionAccount, symbol: string) =>
        Effect.map(SubscriptionRef.get(accountData.balances), (all) => {
          const state = all.get(keyOf(account))
          const shown = state === undefined ? undefined : shownBalances(state)
          return shown?.balances.find((balance) => balance.symbol === symbol && balance.price !== undefined)?.price
        })

      const requote = Effect.gen(function*() {
        const state = yield* SubscriptionRef.get(form)
        const account = yield* activeAccount
        const currency = state.options?.purchaseCurrencies.find((candidate) => candidate.id === state.currency)
        const limit = state.options === undefined ? undefined : Buy.limitOf(state.options, state.paymentCurrency, state.paymentMethod)
        if (currency === undefined || limit === undefined || Buy.amountProblem(state.amount, limit) !== undefined) {
          return yield* SubscriptionRef.update(form, (current) => ({ ...current, quotes: [], quoting: false }))
        }
        const network = networkFor(currency, account)
        if (network === undefined) return yield* SubscriptionRef.update(form, (current) => ({ ...current, quotes: [], quoting: false }))
        yield* SubscriptionRef.update(form, (current) => ({ ...current, quoting: true }))
        const price = yield* usdPrice(account, currency.symbol)
        const quotes = yield* quotesOf(backend, state.options?.providers ?? [defaultProvider], {
          purchaseCurrency: currency.id,
          paymentCurrency: state.paymentCurrency,
          amount: state.amount,
          network: network.name
        }, price)
        // Quotes for a form that changed meanwhile are not this form's.
        yield* SubscriptionRef.update(form, (current) =>
          current.amount === state.amount && current.currency === state.currency &&
            current.paymentCurrency === state.paymentCurrency && current.paymentMethod === state.paymentMethod
            ? { ...current, quotes, quoting: false }
            : current)
      }).pipe(
        Effect.catch((error) => SubscriptionRef.update(form, (current) => ({ ...current, quotes: [], quoting: false, problem: problemOf(error) })))
      )

      const open = Effect.gen(function*() {
        const account = yield* activeAccount
        // Spec §8: a failed options call falls back to the built-in options.
        const loaded = yield* Effect.match(backend.onrampOptions(), {
          onSuccess: (options) => ({ options, fallback: false }),
          onFailure: () => ({ options: Onramp.fallbackOptions, fallback: true })
        })
        const offered = Buy.currenciesOn(loaded, referenceOf(account.caipNetworkId))
        // USDC first: a stable amount is what most visitors buy.
        const currency = offered.find((candidate) => candidate.symbol === "USDC") ?? offered[0]
        const paymentCurrency = loaded.options.paymentCurrencies[0]?.id ?? Buy.initial.paymentCurrency
        yield* SubscriptionRef.set(form, {
          ...Buy.initial,
          ...loaded,
          currency: currency?.id,
          paymentCurrency
        })
      }).pipe(
        Effect.catch((error) => SubscriptionRef.update(form, (current) => ({ ...current, problem: problemOf(error) })))
      )

      const checkout = Effect.gen(function*() {
        yield* HostFeatures.ensureOn(hostConfig, "onramp")
        const account = yield* activeAccount
        const state = yield* SubscriptionRef.get(form)
        const currency = state.options?.purchaseCurrencies.find((candidate) => candidate.id === state.currency)
        const chosen = Buy.chosenQuote(state)
        const network = currency === undefined ? undefined : networkFor(currency, account)
        if (currency === undefined || chosen === undefined || network === undefined) return yield* new BuyNotReadyError()
        const onNetwork = { address: account.address, caipNetworkId: account.caipNetworkId }
        // The purchases listed already are not this one, whatever their time says.
        const listedBefore = yield* backend.onrampPurchases(onNetwork, chosen.provider.id).pipe(
          Effect.map((history) => history.data.map((entry) => entry.id)),
          Effect.orElseSucceed((): ReadonlyArray<string> => [])
        )
        const url = yield* backend.onrampUrl({
          address: account.address,
          network: network.name,
          symbol: currency.symbol,
          fiatAmount: state.amount,
          paymentCurrency: state.paymentCurrency,
          provider: chosen.provider.id
        })
        const purchase: Buy.Purchase = {
          provider: chosen.provider,
          address: account.address,
          caipNetworkId: account.caipNetworkId,
          symbol: currency.symbol,
          fiat: { amount: state.amount, currency: state.paymentCurrency },
          checkoutUrl: url,
          startedAt: yield* Clock.currentTimeMillis,
          listedBefore,
          status: "waiting"
        }
        yield* SubscriptionRef.update(form, (current) => ({ ...current, purchase, problem: undefined }))
        return url
      })

      const checkPurchase = Effect.gen(function*() {
        const purchase = (yield* SubscriptionRef.get(form)).purchase
        if (purchase === undefined || purchase.status === "arrived") return purchase?.status
        const account = { address: purchase.address, caipNetworkId: purchase.caipNetworkId }
        const delivery = deliveryOf(purchase, yield* backend.onrampPurchases(account, purchase.provider.id))
        if (delivery === undefined) return purchase.status
        const transfer = delivery.transfers.find((candidate) => candidate.direction === "in")
        const received = { amount: transfer?.quantity?.numeric ?? "", hash: delivery.metadata.hash ?? delivery.id }
        yield* SubscriptionRef.update(form, (current) =>
          current.purchase === purchase ? { ...current, purchase: { ...purchase, status: "arrived" as const, received } } : current)
        const sessionAccount = Session.accounts(yield* SubscriptionRef.get(session.state))
          .find((candidate) => candidate.address === purchase.address && candidate.caipNetworkId === purchase.caipNetworkId)
        if (sessionAccount !== undefined) yield* accountData.loadBalances(sessionAccount, { refresh: true })
        yield* activity.refresh(account)
        return "arrived" as const
      })

      const update = (change: (state: Buy.BuyState) => Buy.BuyState) => Effect.andThen(SubscriptionRef.update(form, change), requote)

      return Buying.of({
        form,
        open,
        setCurrency: (id) => update((state) => ({ ...state, currency: id, provider: undefined })),
        setAmount: (amount) => update((state) => ({ ...state, amount: amount.trim() })),
        setPayment: (currency, method) => update((state) => ({ ...state, paymentCurrency: currency, paymentMethod: method })),
        chooseProvider: (id) => SubscriptionRef.update(form, (state) => ({ ...state, provider: id })),
        requote,
        checkout,
        checkPurchase,
        forgetPurchase: SubscriptionRef.update(form, (state) => ({ ...state, purchase: undefined }))
      })
    })
  )
}

/** Continue pressed without a currency, a valid amount and a quote. */
export class BuyNotReadyError extends Schema.TaggedError<BuyNotReadyError>()("BuyNotReadyError", {
  message: fixed("Choose a currency and an amount first")
}) {}
