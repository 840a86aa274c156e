/**
 * ExplorerClient against local stand-ins speaking the account API's answers and its failures: records
 * decoded, "no transactions" as none, rate limiting (HTTP 429 and Etherscan's "Max rate limit reached"
 * with HTTP 200), refusals, malformed envelopes and records, silence past the timeout (TestClock), and
 * calls paced under the configured rate. The API key travels in the query and never in an error.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { assert, describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import * as ExplorerClient from "../../../../http/server/explorer/ExplorerClient.ts"
import type { ExplorerOptions } from "../../../../http/server/explorer/ExplorerOptions.ts"

const address = "0x00000000000000000000000000000000000000aa"
const query = { action: "txlist", address, startblock: 0, endblock: undefined, page: 1, offset: 100, sort: "desc" } as const
const record = {
  blockNumber: "12", timeStamp: "1700000000", hash: `0x${"ab".repeat(32)}`, nonce: "3", transactionIndex: "0", from: address,
  to: "0x00000000000000000000000000000000000000bb", value: "1000", isError: "0", txreceipt_status: "1", input: "0x", contractAddress: "",
  gas: "21000", confirmations: "4"
}

/** A stand-in explorer answering every call with `reply` (undefined: never answers); records the URLs asked. */
const standIn = (reply: (() => { readonly status: number; readonly body: string }) | undefined) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<{ readonly server: Server; readonly url: string; readonly asked: Array<URL> }>((resolve) => {
        const asked: Array<URL> = []
        const server = createServer((request, response) => {
          asked.push(new URL(request.url ?? "/", "http://stand-in"))
          const answer = reply?.()
          if (answer === undefined) return
          response.writeHead(answer.status, { "content-type": "application/json" })
          response.end(answer.body)
        })
        server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, asked }))
      })),
    ({ server }) => Effect.promise(() => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }))
  )

const json = (body: unknown, status = 200) => () => ({ status, body: JSON.stringify(body) })

const failureOf = (options: Partial<ExplorerOptions>, reply: (() => { readonly status: number; readonly body: string }) | undefined) =>
  Effect.gen(function*() {
    const { url } = yield* standIn(reply)
    const client = ExplorerClient.make(1, { url, kind: "etherscan", apiKey: "SECRET-KEY", ...options })
    return yield* Effect.flip(client.list(query))
  })

describe("ExplorerClient", () => {
  it.effect("asks Etherscan's v2 API for the chain with the key, and decodes the records", () =>
    Effect.gen(function*() {
      const { url, asked } = yield* standIn(json({ status: "1", message: "OK", result: [record] }))
      const records = yield* ExplorerClient.make(8453, { url, kind: "etherscan", apiKey: "SECRET-KEY" }).list(query)
      assert.deepStrictEqual(records.map((entry) => entry.hash), [record.hash])
      assert.strictEqual("gas" in (records[0] ?? {}), false, "fields outside the Schema are dropped")
      const params = Object.fromEntries(asked[0]?.searchParams ?? [])
      assert.deepStrictEqual(params, {
        chainid: "8453", module: "account", action: "txlist", address, startblock: "0", page: "1", offset: "100", sort: "desc", apikey: "SECRET-KEY"
      })
    }).pipe(Effect.scoped))

  it.effect("asks a Blockscout instance without a chain id, and reads 'No transactions found' as no records", () =>
    Effect.gen(function*() {
      const { url, asked } = yield* standIn(json({ status: "0", message: "No transactions found", result: [] }))
      const records = yield* ExplorerClient.make(100, { url, kind: "blockscout" }).list(query)
      assert.deepStrictEqual(records, [])
      assert.strictEqual(asked[0]?.searchParams.has("chainid"), false)
      assert.strictEqual(asked[0]?.searchParams.has("apikey"), false)
    }).pipe(Effect.scoped))

  it.effect("reads Etherscan's 'Max rate limit reached' (HTTP 200) and a 429 as rate limiting", () =>
    Effect.gen(function*() {
      const etherscan = yield* failureOf({}, json({ status: "0", message: "NOTOK", result: "Max rate limit reached" }))
      const perSecond = yield* failureOf({}, json({ status: "0", message: "NOTOK", result: "Max calls per sec rate limit reached (5/sec)" }))
      const blockscout = yield* failureOf({ kind: "blockscout" }, json({ message: "Too Many Requests", result: null, status: "0" }, 429))
      for (const failure of [etherscan, perSecond, blockscout]) expect(failure).toMatchObject({ _tag: "ExplorerError", reason: "rate-limited", chainId: "eip155:1" })
    }).pipe(Effect.scoped))

  it.effect("reads a refusal as refused, keeping its text but never the key", () =>
    Effect.gen(function*() {
      const failure = yield* failureOf({}, json({ status: "0", message: "NOTOK", result: "Invalid API Key" }))
      expect(failure).toMatchObject({ reason: "refused", message: "The explorer of eip155:1: Invalid API Key" })
      expect(JSON.stringify(failure)).not.toContain("SECRET-KEY")
    }).pipe(Effect.scoped))

  it.effect("reads anything but the envelope, or a record that is not one, as malformed", () =>
    Effect.gen(function*() {
      const answers = [
        () => ({ status: 200, body: "<html>Cloudflare</html>" }),
        json({ result: [] }),
        json({ status: "1", message: "OK", result: "0x10" }),
        json({ status: "0", message: "NOTOK", result: [record] }),
        json({ status: "1", message: "OK", result: [{ ...record, value: "-5" }] }),
        json({ status: "1", message: "OK", result: [{ ...record, hash: "0x12" }] }),
        json({ status: "1", message: "OK", result: [{ ...record, isError: "maybe" }] })
      ]
      for (const answer of answers) expect(yield* failureOf({}, answer)).toMatchObject({ reason: "malformed" })
      expect(yield* failureOf({}, json({ error: "down" }, 503))).toMatchObject({ reason: "unreachable", message: "The explorer of eip155:1: HTTP 503" })
    }).pipe(Effect.scoped))

  it.effect("gives up on an explorer silent past the timeout", () =>
    Effect.gen(function*() {
      const { url, asked } = yield* standIn(undefined)
      const client = ExplorerClient.make(1, { url, kind: "blockscout", timeoutSeconds: 10 })
      const call = yield* Effect.forkChild(Effect.flip(client.list(query)))
      yield* Effect.promise(() => expect.poll(() => asked.length).toBe(1))
      yield* TestClock.adjust("9 seconds")
      assert.isUndefined(call.pollUnsafe())
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(call)).toMatchObject({ reason: "timeout" })
    }).pipe(Effect.scoped))

  it.effect("paces calls under the configured rate, and refuses one that would wait past the timeout", () =>
    Effect.gen(function*() {
      const { url, asked } = yield* standIn(json({ status: "0", message: "No transactions found", result: [] }))
      const client = ExplorerClient.make(1, { url, kind: "blockscout", requestsPerSecond: 2, timeoutSeconds: 1 })
      const calls = yield* Effect.forkChild(Effect.all([client.list(query), client.list(query), client.list(query)], { concurrency: "unbounded" }))
      yield* Effect.promise(() => expect.poll(() => asked.length).toBe(1))
      yield* TestClock.adjust("499 millis")
      assert.strictEqual(asked.length, 1)
      yield* TestClock.adjust("1 millis")
      yield* Effect.promise(() => expect.poll(() => asked.length).toBe(2))
      yield* TestClock.adjust("500 millis")
      yield* Effect.promise(() => expect.poll(() => asked.length).toBe(3))
      assert.strictEqual((yield* Fiber.join(calls)).length, 3)
      // Three calls already spent the next 1.5 s of slots: a burst of four more cannot all fit in the timeout.
      const burst = yield* Effect.flip(Effect.all(Array.from({ length: 4 }, () => client.list(query)), { concurrency: "unbounded" }))
      expect(burst).toMatchObject({ reason: "rate-limited", message: "The explorer of eip155:1: too many calls waiting for the explorer's rate limit" })
    }).pipe(Effect.scoped))
})
