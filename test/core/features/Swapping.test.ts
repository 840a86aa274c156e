/**
 * The swap feature's rules with a fake server and wallet: Ether and USDC chosen on open, choosing the
 * other side's token swaps the pair, the quote follows the form and a late answer for an older form is
 * dropped, the approval comes before the swap only when the allowance is short, and both go through the
 * wallet before the modal returns to Account; an amount above the balance or a price impact above 5 % is
 * refused before the wallet is asked. On Solana no allowance is asked, and the swap API's transaction
 * goes to the wallet's signAndSendTransaction and is waited for until confirmed.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import type * as Backend from "../../../core/Backend.ts"
import * as Connection from "../../../core/Connection.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import { Swapping } from "../../../core/features/Swapping.ts"
import * as Modal from "../../../core/Modal.ts"
import { ChainReads } from "../../../core/rpc/ChainReads.ts"
import * as Amount from "../../../core/send/Amount.ts"
import * as Swap from "../../../core/swap/Swap.ts"
import * as SwapGuards from "../../../core/swap/SwapGuards.ts"
import type * as TokenBalance from "../../../core/TokenBalance.ts"
import { features, type EnvironmentOptions } from "../support/Environment.ts"
import { evmAddress, evmConnected, evmConnector, fake, solAddress, solConnected, solConnector, solNetwork } from "../support/Wallets.ts"

const token = (symbol: string, address: string, decimals: number): Swap.SwapToken =>
  ({ name: symbol, symbol, address: `eip155:31337:${address}`, decimals, logoUri: "" })
const eth = token("ETH", Swap.nativeToken, 18)
const usdc = token("USDC", "0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35", 6)
const dai = token("DAI", "0xb19b36b1456E65E3A6D514D3F715f204BD59f431", 18)

const held = (symbol: string, address: string | undefined, numeric: string, decimals: number): TokenBalance.TokenBalance => ({
  name: symbol,
  symbol,
  chainId: "eip155:31337",
  ...(address === undefined ? {} : { address }),
  iconUrl: "",
  quantity: { decimals: String(decimals), numeric }
})
/** 2 ETH and 50 USDC. */
const holdings = { balances: [held("ETH", undefined, "2", 18), held("USDC", usdc.address, "50", 6)] }

const backend = (overrides: Partial<Backend.Backend["Service"]> = {}): Partial<Backend.Backend["Service"]> => ({
  swapTokens: () => Effect.succeed([eth, usdc, dai]),
  swapQuote: ({ amount }) => Effect.succeed({ toAmount: amount * 2n, priceImpact: "0.3", fee: "0.3" }),
  swapAllowance: () => Effect.succeed(0n),
  ...overrides
})

const withSwapping = (options: EnvironmentOptions, requests: Array<unknown>) => {
  const wallet = fake(evmConnector, {
    connect: Effect.succeed(evmConnected),
    request: (args) => Effect.sync(() => {
      requests.push(args.method)
      return "0xhash"
    })
  })
  // Receipts come from the chain: here one that says the transaction was mined and succeeded.
  const mined = Layer.succeed(ChainReads, ChainReads.of({ on: () => Effect.succeed(() => Effect.succeed({ status: "0x1" })) }))
  const swapping = Swapping.layer.pipe(Layer.provide(Layer.merge(Layer.effect(Swap.SwapForm, SubscriptionRef.make(Swap.initial)), mined)))
  return <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.provide(effect, swapping.pipe(Layer.provideMerge(features({ clients: [wallet.client], ...options }))))
}

const connected = Effect.gen(function*() {
  yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
  yield* Effect.flatMap(Connection.Connection, (connection) => connection.connect(evmConnector.id))
})

const form = Effect.flatMap(Swapping, (swapping) => SubscriptionRef.get(swapping.form))

describe("Swapping", () => {
  it.effect("opens on Ether → USDC; choosing the other side's token swaps the pair; the quote follows the amount", () =>
    Effect.gen(function*() {
      yield* connected
      const swapping = yield* Swapping
      yield* swapping.open
      assert.deepStrictEqual([(yield* form).from?.symbol, (yield* form).to?.symbol], ["ETH", "USDC"])
      yield* swapping.setFrom(usdc.address)
      assert.deepStrictEqual([(yield* form).from?.symbol, (yield* form).to?.symbol], ["USDC", "ETH"])
      yield* swapping.setAmount("1.5")
      assert.strictEqual((yield* form).units, 1_500_000n)
      assert.strictEqual((yield* form).quote?.toAmount, 3_000_000n)
      yield* swapping.flip
      // Flipping reads the amount in the new token's decimals.
      assert.strictEqual((yield* form).units, 1_500_000_000_000_000_000n)
    }).pipe(withSwapping({ backend: backend() }, [])))

  it.effect("drops a quote that answers for a form that changed meanwhile", () => {
    const slow = Deferred.makeUnsafe<void>()
    return Effect.gen(function*() {
      yield* connected
      const swapping = yield* Swapping
      yield* swapping.open
      const first = yield* Effect.forkChild(swapping.setAmount("1"))
      yield* Effect.yieldNow
      yield* swapping.setAmount("2")
      yield* Deferred.succeed(slow, undefined)
      yield* Fiber.join(first)
      assert.strictEqual((yield* form).quote?.toAmount, 4_000_000_000_000_000_000n)
    }).pipe(withSwapping({
      backend: backend({
        swapQuote: ({ amount }) => amount === 1_000_000_000_000_000_000n
          ? Effect.as(Deferred.await(slow), { toAmount: 1n, priceImpact: "0", fee: "0" })
          : Effect.succeed({ toAmount: amount * 2n, priceImpact: "0.3", fee: "0.3" })
      })
    }, []))
  })

  it.effect("approves exactly the amount first when the allowance is short, then swaps, and returns to Account", () => {
    const requests: Array<unknown> = []
    const built: Array<string> = []
    return Effect.gen(function*() {
      yield* connected
      const modal = yield* Modal.Modal
      yield* modal.push({ view: "Account" })
      yield* modal.push({ view: "Swap" })
      const swapping = yield* Swapping
      yield* swapping.open
      yield* swapping.setFrom(usdc.address)
      yield* swapping.setTo(dai.address)
      yield* swapping.setAmount("10")
      assert.strictEqual(yield* swapping.swap, "0xhash")
      assert.deepStrictEqual(built, ["approve 10000000", "swap 10000000 at 1 %"])
      assert.deepStrictEqual(requests.filter((method) => method === "eth_sendTransaction"), ["eth_sendTransaction", "eth_sendTransaction"])
      assert.strictEqual(Modal.currentView(yield* SubscriptionRef.get(modal.state)), "Account")
      assert.strictEqual((yield* form).step, "form")
    }).pipe(withSwapping({
      backend: backend({
        swapApproval: ({ amount }) => Effect.sync(() => {
          built.push(`approve ${amount}`)
          return { from: evmAddress, to: "0xtoken", data: "0x", value: 0n }
        }),
        swapTransaction: ({ amount, slippage }) => Effect.sync(() => {
          built.push(`swap ${amount} at ${slippage} %`)
          return { from: evmAddress, to: "0xrouter", data: "0x", value: 0n }
        }),
        balances: () => Effect.succeed(holdings),
        history: () => Effect.succeed({ data: [], next: null })
      })
    }, requests))
  })

  it.effect("refuses to swap when the host turned swaps off, before the server or the wallet is asked", () => {
    const requests: Array<unknown> = []
    const built: Array<string> = []
    return Effect.gen(function*() {
      yield* connected
      const swapping = yield* Swapping
      yield* swapping.open
      yield* swapping.setFrom(usdc.address)
      yield* swapping.setTo(dai.address)
      yield* swapping.setAmount("10")
      const error = yield* Effect.flip(swapping.swap)
      assert.deepStrictEqual([error._tag, error.message], ["FeatureDisabledError", "This feature is turned off on this site"])
      assert.deepStrictEqual([built, requests.filter((method) => method === "eth_sendTransaction")], [[], []])
    }).pipe(withSwapping({
      config: { features: { swaps: false } },
      backend: backend({
        swapTransaction: () => Effect.sync(() => {
          built.push("swap")
          return { from: evmAddress, to: "0xrouter", data: "0x", value: 0n }
        }),
        balances: () => Effect.succeed(holdings)
      })
    }, requests))
  })

  it.effect("refuses an amount above the balance, then a price impact above 5 %, before the wallet is asked", () => {
    const requests: Array<unknown> = []
    return Effect.gen(function*() {
      yield* connected
      const swapping = yield* Swapping
      yield* swapping.open
      yield* swapping.setFrom(usdc.address)
      yield* swapping.setAmount("50.000001")
      const unaffordable = yield* Effect.flip(swapping.swap)
      assert.deepStrictEqual(unaffordable, new Amount.InsufficientBalanceError({ symbol: "USDC" }))
      // Within the balance, but the pool would pay far below the market.
      yield* swapping.setAmount("50")
      const costly = yield* Effect.flip(swapping.swap)
      assert.deepStrictEqual(costly, new SwapGuards.SwapPriceImpactTooHighError({ impact: "5.01" }))
      // The balances were read (the wallet was asked whether it discovers assets); nothing was sent.
      assert.deepStrictEqual(requests.filter((method) => method === "eth_sendTransaction"), [])
    }).pipe(withSwapping({
      backend: backend({
        swapQuote: ({ amount }) => Effect.succeed({ toAmount: amount, priceImpact: amount > 10_000_000n ? "5.01" : "0.3", fee: "0.3" }),
        balances: () => Effect.succeed(holdings)
      })
    }, requests))
  })

  it.effect("on Solana asks no allowance, has the wallet sign and send the swap API's transaction, and waits for its confirmation", () => {
    const sent: Array<unknown> = []
    const statuses: Array<string> = []
    const sol = { name: "Solana", symbol: "SOL", address: `${solNetwork}:${Swap.solanaNativeMint}`, decimals: 9, logoUri: "" }
    const solUsdc = { name: "USD Coin", symbol: "USDC", address: `${solNetwork}:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`, decimals: 6, logoUri: "" }
    const wallet = fake(solConnector, {
      connect: Effect.succeed(solConnected),
      request: (args) => Effect.sync(() => {
        sent.push(args)
        return { signature: "5ignature" }
      })
    })
    // The cluster sees the transaction first as processed only, then confirmed.
    const chain = Layer.succeed(ChainReads, ChainReads.of({
      on: () => Effect.succeed(() => Effect.sync(() => {
        statuses.push("asked")
        return { value: [{ err: null, confirmationStatus: statuses.length < 2 ? "processed" : "confirmed" }] }
      }))
    }))
    const swapping = Swapping.layer.pipe(Layer.provide(Layer.merge(Layer.effect(Swap.SwapForm, SubscriptionRef.make(Swap.initial)), chain)))
    const allowances: Array<string> = []
    return Effect.gen(function*() {
      yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
      yield* Effect.flatMap(Connection.Connection, (connection) => connection.connect(solConnector.id))
      const swapper = yield* Swapping
      yield* swapper.open
      assert.deepStrictEqual([(yield* form).from?.symbol, (yield* form).to?.symbol], ["SOL", "USDC"])
      yield* swapper.setFrom(solUsdc.address)
      yield* swapper.setAmount("25")
      const fiber = yield* Effect.forkChild(swapper.swap)
      yield* TestClock.adjust("2 seconds")
      assert.strictEqual(yield* Fiber.join(fiber), "5ignature")
      assert.deepStrictEqual(allowances, [])
      assert.deepStrictEqual(sent.map((args) => (args as { method: string }).method), ["solana_signAndSendTransaction"])
      // The wallet got the transaction's bytes, as Wallet Standard connectors take them.
      assert.deepStrictEqual([...((sent[0] as { params: { transaction: Uint8Array } }).params.transaction)], [1, 2, 3])
      assert.strictEqual(statuses.length, 2)
    }).pipe(
      Effect.provide(swapping.pipe(Layer.provideMerge(features({
        clients: [wallet.client],
        backend: backend({
          swapTokens: () => Effect.succeed([sol, solUsdc]),
          swapAllowance: (address) => Effect.sync(() => {
            allowances.push(address)
            return 0n
          }),
          swapTransaction: () => Effect.succeed({ from: solAddress, to: "pool", data: "AQID", value: 0n }),
          balances: () => Effect.succeed({ balances: [held("USDC", solUsdc.address, "25", 6)] }),
          history: () => Effect.succeed({ data: [], next: null })
        })
      }))))
    )
  })
})
