/**
 * Solana prices from Pyth: the `PriceUpdateV2` layout read back as written (property), each rule that
 * makes an account no price (owner, format, partial verification, another feed, a price of zero, stale
 * either way, too wide a confidence), and the server reading the devnet's feeds at their mainnet
 * addresses through the RPC: SOL and USDC priced in balances, a stale feed giving no price (never the
 * table's or an older one), and a kept account that grows stale stopping to give one (TestClock).
 */
import { address, createSolanaRpc } from "@solana/kit"
import { assert, it as effectIt } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as PythPriceUpdate from "../../../../http/server/solana/PythPriceUpdate.ts"
import * as PythPrices from "../../../../http/server/solana/PythPrices.ts"
import type { PythFeed } from "../../../../http/server/ServerOptions.ts"
import { startApiServer } from "../../../../http/server/start.ts"
import { mainnetSolana, sandboxSolanaOptions } from "../../../../sandbox/solana/MainnetShape.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../../../sandbox/solana/SolanaDevnet.ts"

const feed: PythFeed = { asset: "native", account: "7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE", feedId: "0xef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d" }
const now = 1_800_000_000

const update = (changes: Partial<PythPriceUpdate.PriceUpdate> = {}): PythPriceUpdate.PriceUpdate => ({
  writeAuthority: new Uint8Array(32).fill(7),
  verification: { level: "Full" },
  feedId: feed.feedId.slice(2),
  price: 15_000_000_000n,
  conf: 7_500_000n,
  exponent: -8,
  publishTime: BigInt(now),
  prevPublishTime: BigInt(now - 1),
  emaPrice: 15_000_000_000n,
  emaConf: 7_500_000n,
  postedSlot: 42n,
  ...changes
})

const account = (changes: Partial<PythPriceUpdate.PriceUpdate> = {}) => ({ owner: PythPrices.receiverProgram, data: PythPriceUpdate.encode(update(changes)) })

describe("PriceUpdateV2", () => {
  it("reads back every field it wrote, fully or partially verified", () => {
    fc.assert(fc.property(
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
      fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.option(fc.integer({ min: 0, max: 255 })),
      (price, conf, exponent, signatures) => {
        const written = update({ price, conf, exponent, verification: signatures === null ? { level: "Full" } : { level: "Partial", signatures } })
        expect(PythPriceUpdate.decode(PythPriceUpdate.encode(written))).toEqual(written)
      }
    ))
  })

  it("is Anchor's account: its discriminator is sha256('account:PriceUpdateV2')'s first 8 bytes", () => {
    expect([...PythPriceUpdate.discriminator]).toEqual([34, 241, 35, 99, 157, 126, 244, 205])
    const data = PythPriceUpdate.encode(update())
    data[0] = 0
    expect(PythPriceUpdate.decode(data)).toBeUndefined()
    expect(PythPriceUpdate.decode(data.subarray(0, 60))).toBeUndefined()
  })
})

const read = (value: ReturnType<typeof account> | undefined, at = now) => PythPrices.read(feed, value, PythPrices.receiverProgram, at)

describe("a feed account's price", () => {
  it("is the price times ten to the exponent when every rule holds", () => {
    expect(read(account())).toEqual({ _tag: "Price", usd: 150 })
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 0, max: 60 }), (price, age) => {
      expect(read(account({ price, conf: price / 100n }), now + age)).toEqual({ _tag: "Price", usd: Number(price) * 1e-8 })
    }))
  })

  it("is no price for any account the rules refuse", () => {
    const cases: ReadonlyArray<readonly [ReturnType<typeof account> | undefined, string]> = [
      [undefined, "missing"],
      [{ ...account(), owner: "11111111111111111111111111111111" }, "owner"],
      [{ ...account(), data: new Uint8Array(134) }, "format"],
      [account({ verification: { level: "Partial", signatures: 5 } }), "unverified"],
      [account({ feedId: "ab".repeat(32) }), "feed"],
      [account({ price: 0n }), "price"],
      [account({ price: -5n }), "price"],
      [account({ publishTime: BigInt(now - 61) }), "stale"],
      [account({ publishTime: BigInt(now + 61) }), "stale"],
      [account({ conf: 300_000_001n }), "confidence"]
    ]
    for (const [value, reason] of cases) expect(read(value)).toEqual({ _tag: "NoPrice", reason })
    // The feed's own limits, when it sets them.
    expect(PythPrices.read({ ...feed, maxAgeSeconds: 10 }, account({ publishTime: BigInt(now - 11) }), PythPrices.receiverProgram, now)._tag).toBe("NoPrice")
    expect(PythPrices.read({ ...feed, maxConfidenceRatio: 0.5 }, account({ conf: 3_000_000_000n }), PythPrices.receiverProgram, now)._tag).toBe("Price")
  })
})

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startSolanaDevnet()
}, 60_000)
afterAll(() => devnet?.stop())

const nowSeconds = () => Math.floor(Date.now() / 1000)
const solId = () => `${devnet.deployment.caipNetworkId}:native`
const usdcId = () => `${devnet.deployment.caipNetworkId}:${devnet.deployment.usdc.address}`

describe("the devnet's feeds, read through the RPC", () => {
  it("sit at Pyth's mainnet addresses, owned by the receiver program, beside USDC at its mainnet mint", async () => {
    const rpc = createSolanaRpc(devnet.rpcUrl)
    for (const configured of mainnetSolana.pyth?.feeds ?? []) {
      const { value } = await rpc.getAccountInfo(address(configured.account), { encoding: "base64" }).send()
      expect(value?.owner).toBe(PythPrices.receiverProgram)
    }
    expect(devnet.deployment.usdc.address).toBe("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")
  })

  effectIt.effect("price SOL and USDC; a kept account that grows stale stops giving a price", () =>
    Effect.gen(function*() {
      const solana = sandboxSolanaOptions(devnet.rpcUrl, devnet.deployment.caipNetworkId, devnet.jupiterUrl)
      const sol = devnet.pyth.accounts.get("native") ?? ""
      yield* TestClock.setTime(Date.now())
      devnet.pyth.post(sol, { publishTime: BigInt(nowSeconds() - 50) }, nowSeconds())
      try {
        const prices = yield* PythPrices.make(solana.rpcUrl, solana.caipNetworkId, solana.pyth ?? { feeds: [] })
        const first = yield* prices.prices([solId(), usdcId()])
        assert.deepStrictEqual([first.get(solId()), first.get(usdcId())], [150, 1])
        // 20 s on, the kept SOL account is 70 s old: no price, though it is not read again.
        yield* TestClock.adjust("20 seconds")
        const later = yield* prices.prices([solId(), usdcId()])
        assert.deepStrictEqual([later.has(solId()), later.get(usdcId())], [false, 1])
      } finally {
        devnet.pyth.release(sol, nowSeconds())
      }
    }))
})

const balanceOf = async (server: { url: string }, owner: string) => {
  const response = await fetch(`${server.url}/v1/account/${owner}/balance?projectId=p&st=portico&sv=test&currency=usd&chainId=${devnet.deployment.caipNetworkId}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { balances: ReadonlyArray<{ symbol: string; price?: number; value?: number; quantity: { numeric: string } }> }).balances
}
const serverWith = () => startApiServer({
  port: 0,
  projects: { p: { allowedOrigins: ["*"] } },
  solana: sandboxSolanaOptions(devnet.rpcUrl, devnet.deployment.caipNetworkId, devnet.jupiterUrl),
  // A table price for SOL must never stand in for Pyth's.
  prices: { [solId()]: 999 }
})

describe("Solana balances priced by Pyth", () => {
  it("shows SOL at 150 and USDC at 1 USD, and no SOL price while its feed is stale", async () => {
    const alice = devnet.deployment.accounts[0]?.address ?? ""
    const server = await serverWith()
    try {
      const balances = await balanceOf(server, alice)
      const sol = balances.find((balance) => balance.symbol === "SOL")
      expect(sol?.price).toBe(150)
      expect(sol?.value).toBeCloseTo(Number(sol?.quantity.numeric) * 150, 6)
      expect(balances.find((balance) => balance.symbol === "USDC")?.price).toBe(1)
    } finally {
      await server.stop()
    }
    const sol = devnet.pyth.accounts.get("native") ?? ""
    devnet.pyth.post(sol, { publishTime: BigInt(nowSeconds() - 3600) }, nowSeconds())
    const stale = await serverWith()
    try {
      const balances = await balanceOf(stale, alice)
      const solBalance = balances.find((balance) => balance.symbol === "SOL")
      expect(solBalance).toBeDefined()
      expect(solBalance).not.toHaveProperty("price")
      expect(solBalance).not.toHaveProperty("value")
      expect(balances.find((balance) => balance.symbol === "USDC")?.price).toBe(1)
    } finally {
      devnet.pyth.release(sol, nowSeconds())
      await stale.stop()
    }
  })
})
