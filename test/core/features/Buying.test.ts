/**
 * The onramp feature's rules with a fake server: the options (or the built-in ones when the call fails,
 * spec §8), USDC chosen on the active network, one quote per provider with the marked estimate for a
 * provider whose quote fails (spec §8), no quote for an amount outside the limits, the checkout for the
 * chosen provider, and the purchase followed until the history lists its delivery.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Backend from "../../../core/Backend.ts"
import { BackendRequestError } from "../../../core/Backend.ts"
import * as Connection from "../../../core/Connection.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import { Buying } from "../../../core/features/Buying.ts"
import type * as Onramp from "../../../core/Onramp.ts"
import * as Buy from "../../../core/onramp/Buy.ts"
import * as Transaction from "../../../core/Transaction.ts"
import * as WalletError from "../../../core/WalletError.ts"
import { features, type EnvironmentOptions } from "../support/Environment.ts"
import { evmAddress, evmConnected, evmConnector, fake } from "../support/Wallets.ts"

const devnet = (contract: string) => ({ name: "devnet", display_name: "Devnet", chain_id: "31337", contract_address: contract })
const offered: Onramp.OnrampOptions = {
  purchaseCurrencies: [
    { id: "ETH", name: "Ether", symbol: "ETH", networks: [devnet("")] },
    { id: "USDC", name: "USD Coin", symbol: "USDC", networks: [devnet("0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35")] },
    { id: "BTC", name: "Bitcoin", symbol: "BTC", networks: [{ name: "bitcoin", display_name: "Bitcoin", chain_id: "bip122", contract_address: "" }] }
  ],
  paymentCurrencies: [{ id: "USD", payment_method_limits: [{ id: "card", min: "10.00", max: "7500.00" }] }],
  providers: [{ id: "ramp-a", name: "Ramp A" }, { id: "ramp-b", name: "Ramp B" }]
}

const quoteOf = (query: Backend.OnrampQuoteQuery, feePercent: number): Onramp.OnrampQuote => {
  const fee = (Number(query.amount) * feePercent / 100).toFixed(2)
  const rest = (Number(query.amount) - Number(fee)).toFixed(2)
  return {
    coinbaseFee: { amount: fee, currency: "USD" },
    networkFee: { amount: "0.00", currency: "USD" },
    paymentSubtotal: { amount: rest, currency: "USD" },
    paymentTotal: { amount: query.amount, currency: "USD" },
    purchaseAmount: { amount: rest, currency: query.purchaseCurrency },
    quoteId: `${query.provider}-1`
  }
}

const refused = () => Effect.fail(new BackendRequestError({ reason: "UpstreamUnavailable", status: 503, message: "down" }))

const delivery = (minedAt: string, status = "ONRAMP_TRANSACTION_STATUS_SUCCESS", id = "purchase-2") => new Transaction.History({
  data: [{
    id,
    metadata: { minedAt, chain: "eip155:31337", operationType: "buy", status, hash: "0xdelivered" },
    transfers: [{ direction: "in", quantity: { decimals: "6", numeric: "49.50" }, fungible_info: { symbol: "USDC" } }]
  }],
  next: null
})

const withBuying = (options: EnvironmentOptions) => {
  // The wallet discovers no assets itself (EIP-7811), so balances come from the server.
  const wallet = fake(evmConnector, {
    connect: Effect.succeed(evmConnected),
    request: () => Effect.fail(new WalletError.UnsupportedMethodError({ code: 4200, message: "Unsupported method" }))
  })
  const buying = Buying.layer.pipe(Layer.provide(Layer.effect(Buy.BuyForm, SubscriptionRef.make(Buy.initial))))
  return <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.provide(effect, buying.pipe(Layer.provideMerge(features({ clients: [wallet.client], ...options }))))
}

const connected = Effect.gen(function*() {
  yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
  yield* Effect.flatMap(Connection.Connection, (connection) => connection.connect(evmConnector.id))
})

const form = Effect.flatMap(Buying, (buying) => SubscriptionRef.get(buying.form))

describe("Buying", () => {
  it.effect("offers the active network's currencies, USDC first, and quotes each provider; a failed quote becomes a marked estimate", () =>
    Effect.gen(function*() {
      yield* connected
      const buying = yield* Buying
      yield* buying.open
      const opened = yield* form
      assert.isFalse(opened.fallback)
      assert.strictEqual(opened.currency, "USDC")
      assert.deepStrictEqual(Buy.currenciesOn(opened, "31337").map((currency) => currency.id), ["ETH", "USDC"])
      yield* buying.setAmount("50")
      const quoted = yield* form
      assert.deepStrictEqual(quoted.quotes.map((quote) => [quote.provider.id, quote.estimate, quote.quote.quoteId]), [
        ["ramp-a", false, "ramp-a-1"],
        ["ramp-b", true, "estimate"]
      ])
      assert.strictEqual(Buy.chosenQuote(quoted)?.provider.id, "ramp-a")
    }).pipe(withBuying({
      backend: {
        onrampOptions: () => Effect.succeed(offered),
        onrampQuote: (query) => query.provider === "ramp-a" ? Effect.succeed(quoteOf(query, 1)) : refused()
      }
    })))

  it.effect("falls back to the built-in options when the options call fails, and asks no quote outside the limits", () => {
    const asked: Array<string> = []
    return Effect.gen(function*() {
      yield* connected
      const buying = yield* Buying
      yield* buying.open
      const opened = yield* form
      assert.isTrue(opened.fallback)
      assert.strictEqual(opened.currency, "USDC")
      assert.deepStrictEqual(opened.options?.paymentCurrencies.map((currency) => currency.id), ["USD", "EUR"])
      yield* buying.setAmount("9.99")
      yield* buying.setAmount("7500.01")
      assert.deepStrictEqual(asked, [])
      assert.deepStrictEqual((yield* form).quotes, [])
      yield* buying.setAmount("7500")
      assert.deepStrictEqual(asked, ["7500"])
    }).pipe(withBuying({
      backend: {
        onrampOptions: refused,
        onrampQuote: (query) => Effect.sync(() => {
          asked.push(query.amount)
          return quoteOf(query, 2)
        })
      }
    }))
  })

  it.effect("refuses to check out when the host turned the onramp off, before asking the server", () => {
    const checkouts: Array<Backend.OnrampCheckout> = []
    return Effect.gen(function*() {
      yield* connected
      const buying = yield* Buying
      yield* buying.open
      yield* buying.setAmount("50")
      const error = yield* Effect.flip(buying.checkout)
      assert.deepStrictEqual([error._tag, error.message], ["FeatureDisabledError", "This feature is turned off on this site"])
      assert.deepStrictEqual(checkouts, [])
    }).pipe(withBuying({
      config: { features: { onramp: false } },
      backend: {
        onrampOptions: () => Effect.succeed(offered),
        onrampQuote: (query) => Effect.succeed(quoteOf(query, 1)),
        onrampUrl: (checkout) => Effect.sync(() => {
          checkouts.push(checkout)
          return "http://checkout.test/refused"
        })
      }
    }))
  })

  it.effect("checks out with the chosen provider and follows the purchase until the history lists its delivery", () => {
    const checkouts: Array<Backend.OnrampCheckout> = []
    // An earlier purchase, listed at checkout: however recent, it is not this one.
    let history = delivery("2026-11-25T12:00:30.000Z", "ONRAMP_TRANSACTION_STATUS_SUCCESS", "purchase-1")
    return Effect.gen(function*() {
      yield* connected
      const buying = yield* Buying
      yield* buying.open
      yield* buying.setAmount("50")
      yield* buying.chooseProvider("ramp-b")
      yield* TestClock.setTime(Date.parse("2026-11-25T12:00:00.000Z"))
      const url = yield* buying.checkout
      assert.strictEqual(url, "http://checkout.test/ramp-b")
      assert.deepStrictEqual(checkouts, [{ address: evmAddress, network: "devnet", symbol: "USDC", fiatAmount: "50", paymentCurrency: "USD", provider: "ramp-b" }])
      assert.strictEqual(yield* buying.checkPurchase, "waiting")
      // A purchase delivered well before this one started, or not yet delivered, is not this one.
      history = delivery("2026-11-25T11:40:00.000Z")
      assert.strictEqual(yield* buying.checkPurchase, "waiting")
      history = delivery("2026-11-25T12:01:00.000Z", "ONRAMP_TRANSACTION_STATUS_IN_PROGRESS")
      assert.strictEqual(yield* buying.checkPurchase, "waiting")
      // The chain's clock may be a little behind the visitor's.
      history = delivery("2026-11-25T11:55:00.000Z")
      assert.strictEqual(yield* buying.checkPurchase, "arrived")
      assert.deepStrictEqual((yield* form).purchase?.received, { amount: "49.50", hash: "0xdelivered" })
      yield* buying.forgetPurchase
      assert.isUndefined((yield* form).purchase)
    }).pipe(withBuying({
      backend: {
        onrampOptions: () => Effect.succeed(offered),
        onrampQuote: (query) => Effect.succeed(quoteOf(query, query.provider === "ramp-a" ? 1 : 2)),
        onrampUrl: (checkout) => Effect.sync(() => {
          checkouts.push(checkout)
          return `http://checkout.test/${checkout.provider}`
        }),
        onrampPurchases: () => Effect.sync(() => history),
        balances: () => Effect.succeed({ balances: [] }),
        history: () => Effect.succeed(new Transaction.History({ data: [], next: null }))
      }
    }))
  })

  it.effect("refuses to check out without a quote", () =>
    Effect.gen(function*() {
      yield* connected
      const buying = yield* Buying
      yield* buying.open
      const failure = yield* Effect.flip(buying.checkout)
      assert.strictEqual(failure._tag, "BuyNotReadyError")
    }).pipe(withBuying({ backend: { onrampOptions: () => Effect.succeed(offered) } })))
})
