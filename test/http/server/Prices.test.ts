/**
 * USD prices from the devnet's oracles, configured as docs/networks/ethereum.json configures Ethereum: the
 * Chainlink feeds' answers, kept for the 30 s TTL on the server's clock (TestClock here, a moved clock for
 * the HTTP server), a feed older than its heartbeat or answering a negative number giving no price, a
 * token without a feed priced from its Uniswap v3 pool's TWAP only when the pool is deep enough, and an RPC
 * that fails failing the lookup (UpstreamUnavailable) rather than answering a number.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { TestClock } from "effect/testing"
import { createPublicClient, createWalletClient, http, type Address } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { hardhat } from "viem/chains"
import { afterAll, beforeAll, expect } from "vitest"
import * as Constants from "../../../core/Constants.ts"
import { aggregatorV3Abi } from "../../../http/server/prices/ChainlinkAbi.ts"
import * as Prices from "../../../http/server/prices/Prices.ts"
import type { EvmChainOptions } from "../../../http/server/ServerOptions.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { priceFeedAbi } from "../../../sandbox/evm/Abi.ts"
import { oracleAccount } from "../../../sandbox/evm/DemoAccounts.ts"
import { chainOf } from "../../../sandbox/evm/EvmDeployment.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { devnetServerOptions, evmChainSpecs } from "../../../sandbox/evm/NetworkShapes.ts"
import { movableClock, type MovableClock } from "../support/embedded.ts"

let evm: EvmDevnets
let options: EvmChainOptions
let api: ApiServer
let serverTime: MovableClock

const contract = (key: string): Address => {
  const address = chainOf(evm.deployment, 31337).contracts[key]
  if (address === undefined) throw new Error(`no ${key}`)
  return address
}
const ether = "eip155:31337:native"
const asset = (key: string) => `eip155:31337:${contract(key)}`

beforeAll(async () => {
  evm = await startEvmDevnets()
  options = devnetServerOptions(evmChainSpecs[0], evm.chains[0]?.rpcUrl ?? "")
  serverTime = movableClock()
  api = await startApiServer({ port: 0, projects: { p: { allowedOrigins: ["*"] } }, evm: [options] }, { clock: serverTime.clock })
}, 180_000)

afterAll(async () => {
  await api?.stop()
  await evm?.stop()
})

const reader = () => createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })

/** The oracle network answers a feed (the keeper's account, signing its own transaction). */
const transmit = async (feed: Address, answer: bigint) => {
  const wallet = createWalletClient({ account: privateKeyToAccount(oracleAccount.privateKey), chain: hardhat, transport: http(evm.chains[0]?.rpcUrl) })
  const hash = await wallet.writeContract({ address: feed, abi: priceFeedAbi, functionName: "transmit", args: [answer] })
  await reader().waitForTransactionReceipt({ hash })
}

const updatedAtOf = async (feed: Address) => Number((await reader().readContract({ address: feed, abi: aggregatorV3Abi, functionName: "latestRoundData" }))[3])

/** The service on the test's clock, set to the wall time (the feeds' rounds carry block times). */
const pricesNow = (chain: EvmChainOptions = options) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(Date.now())
    return yield* Prices.make([chain], {}, yield* Clock.Clock)
  })

describe("Prices", () => {
  it.effect("prices Ether and each token from its Chainlink feed, and keeps an answer for the 30 s TTL before reading the moved feed", () =>
    Effect.gen(function*() {
      const prices = yield* pricesNow()
      const first = yield* prices.usd([ether, asset("usdc"), asset("usdt"), asset("dai"), "eip155:31337:0x000000000000000000000000000000000000dEaD"])
      assert.deepStrictEqual([...first.entries()], [[ether, 3000], [asset("usdc"), 1], [asset("usdt"), 1], [asset("dai"), 1]])
      assert.strictEqual(prices.known(ether), 3000)

      yield* Effect.promise(() => transmit(contract("ethUsdFeed"), 3_512_34000000n))
      yield* TestClock.adjust(Constants.balanceCacheTtlMillis - 1)
      assert.strictEqual((yield* prices.usd([ether])).get(ether), 3000)
      yield* TestClock.adjust(1)
      assert.strictEqual((yield* prices.usd([ether])).get(ether), 3512.34)
      yield* Effect.promise(() => transmit(contract("ethUsdFeed"), 3000_00000000n))
    }))

  it.effect("gives no price once the feed's round is older than its heartbeat, and none for a negative answer", () =>
    Effect.gen(function*() {
      const prices = yield* pricesNow()
      const heartbeat = options.priceFeeds?.find((feed) => feed.asset === "native")?.heartbeatSeconds ?? 0
      const updatedAt = yield* Effect.promise(() => updatedAtOf(contract("ethUsdFeed")))
      yield* TestClock.setTime((updatedAt + heartbeat) * 1000)
      assert.strictEqual((yield* prices.usd([ether])).get(ether), 3000)
      yield* TestClock.adjust(Constants.balanceCacheTtlMillis + 1000)
      const stale = yield* prices.usd([ether, asset("usdc")])
      // USDC's heartbeat is a day: it still stands; Ether's hour has passed, and no old price is kept.
      assert.deepStrictEqual([...stale.keys()], [asset("usdc")])
      assert.strictEqual(prices.known(ether), undefined)

      yield* Effect.promise(() => transmit(contract("daiUsdFeed"), -1n))
      const negative = yield* pricesNow()
      assert.strictEqual((yield* negative.usd([asset("dai")])).get(asset("dai")), undefined)
      yield* Effect.promise(() => transmit(contract("daiUsdFeed"), 1_00000000n))
    }))

  it.effect("prices a token without a feed from its v3 pool's TWAP against USDC, but not from a pool below the minimum liquidity", () =>
    Effect.gen(function*() {
      const withoutUsdtFeed = { ...options, priceFeeds: (options.priceFeeds ?? []).filter((feed) => feed.asset.toLowerCase() !== contract("usdt").toLowerCase()) }
      const twap = yield* pricesNow(withoutUsdtFeed)
      const price = (yield* twap.usd([asset("usdt")])).get(asset("usdt"))
      assert.isDefined(price)
      expect(price).toBeCloseTo(1, 2)

      const twapOptions = options.twap
      if (twapOptions === undefined) return assert.fail("ethereum.json configures a TWAP")
      const thin = yield* pricesNow({ ...withoutUsdtFeed, twap: { ...twapOptions, minLiquidity: (10n ** 30n).toString() } })
      assert.strictEqual((yield* thin.usd([asset("usdt")])).get(asset("usdt")), undefined)
      // DAI has no v3 pool at all: no feed, no pool, no price.
      const withoutDaiFeed = yield* pricesNow({ ...options, priceFeeds: (options.priceFeeds ?? []).filter((feed) => feed.asset.toLowerCase() !== contract("dai").toLowerCase()) })
      assert.strictEqual((yield* withoutDaiFeed.usd([asset("dai")])).get(asset("dai")), undefined)
    }))

  it.effect("fails the lookup with UpstreamUnavailable when the RPC fails, and keeps nothing", () =>
    Effect.gen(function*() {
      const prices = yield* pricesNow({ ...options, rpcUrl: "http://127.0.0.1:9" })
      const exit = yield* Effect.exit(prices.usd([ether]))
      assert.isTrue(Exit.isFailure(exit))
      assert.include(JSON.stringify(exit), "UpstreamUnavailable")
      assert.strictEqual(prices.known(ether), undefined)
    }))
})

const etherBalance = async (refresh: boolean) => {
  const response = await fetch(`${api.url}/v1/account/${evm.deployment.accounts[0]?.address}/balance?projectId=p&st=t&sv=1&currency=usd&chainId=eip155:31337${refresh ? "&forceUpdate=true" : ""}`)
  const { balances } = (await response.json()) as { balances: ReadonlyArray<{ symbol: string; price?: number; value?: number }> }
  return balances.find((balance) => balance.symbol === "ETH")
}

describe("prices through the API server", () => {

  it("shows the feed's new USD value once the server's price TTL has passed", async () => {
    expect((await etherBalance(false))?.price).toBe(3000)
    await transmit(contract("ethUsdFeed"), 2_750_00000000n)
    expect((await etherBalance(true))?.price).toBe(3000)
    serverTime.advance(Constants.balanceCacheTtlMillis)
    const moved = await etherBalance(true)
    expect(moved?.price).toBe(2750)
    await transmit(contract("ethUsdFeed"), 3000_00000000n)
  })

  it("answers /v1/fungible/price from the feeds", async () => {
    serverTime.advance(Constants.balanceCacheTtlMillis)
    const response = await fetch(`${api.url}/v1/fungible/price?projectId=p&st=t&sv=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currency: "usd", projectId: "p", addresses: [ether, asset("usdc")] })
    })
    const { fungibles } = (await response.json()) as { fungibles: ReadonlyArray<{ symbol: string; price: number }> }
    expect(fungibles.map(({ symbol, price }) => [symbol, price])).toEqual([["ETH", 3000], ["USDC", 1]])
  })
})
