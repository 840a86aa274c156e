/**
 * The host's token list: the Uniswap format checked by Schema, from a file (checked at start) or an
 * http(s) URL (read on first use, again after an hour; a failed read keeps what was read before and is
 * tried again a minute later; nothing read yet means nothing vouched for). Time is TestClock's.
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import * as TokenList from "../../../../http/server/explorer/TokenList.ts"

const token = (symbol: string, address: string) => ({ chainId: 1, address, name: `${symbol} Coin`, symbol, decimals: 6 })
const usdc = token("USDC", "0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eB48")
const usdt = token("USDT", "0xdAC17F958D2ee523a2206206994597C13D831ec7")
const list = (tokens: ReadonlyArray<ReturnType<typeof token>>) => ({ name: "Test List", timestamp: "2026-01-01T00:00:00Z", version: { major: 1, minor: 0, patch: 0 }, tokens })

/** A list server answering what `answer` says at each read; counts the reads. */
const listServer = (answer: () => { readonly status: number; readonly body: string }) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<{ readonly server: Server; readonly url: string; readonly reads: () => number }>((resolve) => {
        let reads = 0
        const server = createServer((_request, response) => {
          reads++
          const { status, body } = answer()
          response.writeHead(status, { "content-type": "application/json" })
          response.end(body)
        })
        server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/list.json`, reads: () => reads }))
      })),
    ({ server }) => Effect.promise(() => new Promise<void>((resolve) => server.close(() => resolve())))
  )

const symbols = (tokens: TokenList.ListedTokens) => [...tokens.values()].map((entry) => entry.symbol).toSorted()

describe("TokenList", () => {
  it("indexes a list file by chain and lower-case address, and refuses one that is not a token list", () => {
    const folder = mkdtempSync(join(tmpdir(), "portico-list-"))
    const good = join(folder, "good.json")
    writeFileSync(good, JSON.stringify(list([usdc])))
    const listed = Effect.runSync(TokenList.fromFile(good).current)
    expect(listed.get(TokenList.keyOf(1, usdc.address.toUpperCase().replace("0X", "0x")))?.symbol).toBe("USDC")
    for (const broken of [{ ...list([usdc]), version: { major: "1" } }, list([{ ...usdc, address: "0x12" }]), list([{ ...usdc, decimals: 300 }]), { tokens: [] }]) {
      const file = join(folder, "broken.json")
      writeFileSync(file, JSON.stringify(broken))
      expect(() => TokenList.fromFile(file)).toThrow(TokenList.TokenListError)
    }
    expect(() => TokenList.fromFile(join(folder, "missing.json"))).toThrow(/cannot read/)
  })

  it.effect("reads a URL on first use and again after an hour, keeping the list read before through a failure", () =>
    Effect.gen(function*() {
      let serving: { readonly status: number; readonly body: string } = { status: 200, body: JSON.stringify(list([usdc])) }
      const { url, reads } = yield* listServer(() => serving)
      const source = TokenList.fromUrl(url)
      assert.deepStrictEqual(symbols(yield* source.current), ["USDC"])
      serving = { status: 200, body: JSON.stringify(list([usdc, usdt])) }
      yield* TestClock.adjust(TokenList.refreshMillis - 1)
      assert.deepStrictEqual(symbols(yield* source.current), ["USDC"])
      assert.strictEqual(reads(), 1)
      yield* TestClock.adjust(1)
      assert.deepStrictEqual(symbols(yield* source.current), ["USDC", "USDT"])
      // The list goes bad: the last good one serves, and the next read waits a minute.
      serving = { status: 200, body: JSON.stringify({ tokens: "none" }) }
      yield* TestClock.adjust(TokenList.refreshMillis)
      assert.deepStrictEqual(symbols(yield* source.current), ["USDC", "USDT"])
      assert.strictEqual(reads(), 3)
      yield* TestClock.adjust(TokenList.retryMillis - 1)
      yield* source.current
      assert.strictEqual(reads(), 3)
      serving = { status: 200, body: JSON.stringify(list([usdt])) }
      yield* TestClock.adjust(1)
      assert.deepStrictEqual(symbols(yield* source.current), ["USDT"])
    }).pipe(Effect.scoped))

  it.effect("vouches for nothing while no read of the URL has succeeded", () =>
    Effect.gen(function*() {
      const { url } = yield* listServer(() => ({ status: 503, body: "{}" }))
      assert.strictEqual((yield* TokenList.fromUrl(url).current).size, 0)
      assert.strictEqual((yield* TokenList.load(undefined).current).size, 0)
    }).pipe(Effect.scoped))
})
