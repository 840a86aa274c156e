/**
 * HistoryPages against the sandbox explorer's own query semantics (AccountQueries over an in-memory
 * index): for any records of the five lists, any window and any page size, following the cursors
 * yields every transaction exactly once, in canonical order, with every record of each transaction,
 * and every page but the last is full. Blocks holding more records than a window are read whole.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as AccountApi from "../../../../http/server/explorer/AccountApi.ts"
import type { ExplorerClient } from "../../../../http/server/explorer/ExplorerClient.ts"
import * as HistoryPages from "../../../../http/server/explorer/HistoryPages.ts"
import { answer } from "../../../../sandbox/explorer/AccountQueries.ts"
import type { AddressRecords, ChainIndex } from "../../../../sandbox/explorer/ChainIndex.ts"

const me = "0x00000000000000000000000000000000000000aa"
const other = "0x00000000000000000000000000000000000000bb"
const token = "0x00000000000000000000000000000000000000cc"
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, "0")}`

interface Planned {
  readonly block: number
  readonly index: number
  readonly normal: boolean
  readonly internal: number
  readonly tokens: number
  readonly nfts: number
  readonly multi: number
}

/** A transaction of the address: its block, index and which lists mention it (how many records each). */
const Tx: fc.Arbitrary<Planned> = fc.record({
  block: fc.integer({ min: 0, max: 12 }),
  index: fc.integer({ min: 0, max: 5 }),
  normal: fc.boolean(),
  internal: fc.integer({ min: 0, max: 3 }),
  tokens: fc.integer({ min: 0, max: 4 }),
  nfts: fc.integer({ min: 0, max: 2 }),
  multi: fc.integer({ min: 0, max: 2 })
})

const recordsOf = (transactions: ReadonlyArray<Planned>): AddressRecords => {
  const records: AddressRecords = { txlist: [], txlistinternal: [], tokentx: [], tokennfttx: [], token1155tx: [] }
  transactions.forEach((tx, n) => {
    const common = { blockNumber: String(tx.block), timeStamp: String(1_700_000_000 + tx.block * 12), hash: hashOf(n + 1) }
    const transfer = { ...common, from: other, to: me, contractAddress: token, tokenName: "T", tokenSymbol: "T", transactionIndex: String(tx.index) }
    // Without a txlist or token record the transaction has no index; give it at least one record.
    const normal = tx.normal || tx.internal + tx.tokens + tx.nfts + tx.multi === 0
    if (normal) {
      records.txlist.push({
        ...common, nonce: "0", transactionIndex: String(tx.index), from: me, to: other, value: "1", isError: "0", txreceipt_status: "1", input: "0x", contractAddress: ""
      })
    }
    for (let i = 0; i < tx.internal; i++) records.txlistinternal.push({ ...common, from: other, to: me, value: String(i + 1), contractAddress: "", isError: "0" })
    for (let i = 0; i < tx.tokens; i++) records.tokentx.push({ ...transfer, value: String(i + 1), tokenDecimal: "6", logIndex: String(i) })
    for (let i = 0; i < tx.nfts; i++) records.tokennfttx.push({ ...transfer, tokenID: String(i) })
    for (let i = 0; i < tx.multi; i++) records.token1155tx.push({ ...transfer, tokenID: String(i), tokenValue: "2" })
  })
  // The index keeps each list oldest first, as the chain was read.
  for (const action of AccountApi.actions) {
    const list = records[action] as Array<{ readonly blockNumber: string }>
    list.sort((a, b) => Number(a.blockNumber) - Number(b.blockNumber))
  }
  return records
}

/** An ExplorerClient over the sandbox's answers (the same texts and paging a real explorer gives). */
const clientOver = (records: AddressRecords, calls: { count: number }): ExplorerClient => {
  const index: ChainIndex = { chainId: 1, sync: () => Promise.resolve(), head: () => 12, recordsOf: (address) => (address.toLowerCase() === me ? records : undefined) }
  return {
    chainId: "eip155:1",
    list: (query) =>
      Effect.promise(async () => {
        calls.count++
        const params = new URLSearchParams({
          module: "account",
          action: query.action,
          address: query.address,
          startblock: String(query.startblock),
          ...(query.endblock === undefined ? {} : { endblock: String(query.endblock) }),
          page: String(query.page),
          offset: String(query.offset),
          sort: query.sort
        })
        const answered = await answer(index, params)
        if (!Array.isArray(answered.result)) throw new Error(`refused: ${JSON.stringify(answered.result)}`)
        // Decoded as ExplorerClient decodes (the answer's extra fields, such as confirmations, dropped).
        const schema: Schema.Decoder<unknown> = AccountApi.records[query.action]
        return Schema.decodeUnknownSync(Schema.Array(schema))(answered.result) as never
      })
  }
}

const allPages = (pages: ReturnType<typeof HistoryPages.make>) =>
  Effect.gen(function*() {
    const read: Array<HistoryPages.Page> = []
    let cursor: HistoryPages.Cursor | undefined
    for (let guard = 0; guard < 500; guard++) {
      const page = yield* pages.page(me, cursor)
      read.push(page)
      if (page.next === null) return read
      // Every cursor goes through its text form, as a client hands it back.
      cursor = HistoryPages.decodeCursor(HistoryPages.encodeCursor(page.next))
    }
    throw new Error("the pages never ended")
  })

describe("HistoryPages", () => {
  it.effect("pages every transaction once, newest first, whole, with full pages but the last", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.array(Tx, { maxLength: 40 }),
          fc.integer({ min: 1, max: 6 }),
          fc.integer({ min: 1, max: 8 }),
          async (transactions, window, pageSize) => {
            const records = recordsOf(transactions)
            const calls = { count: 0 }
            const pages = HistoryPages.make(clientOver(records, calls), AccountApi.actions, { window, pageSize, maxRounds: 1_000 })
            const read = await Effect.runPromise(allPages(pages))
            const served = read.flatMap((page) => page.transactions)
            const expected = HistoryPages.gather(AccountApi.actions.map((action) => ({ action, records: records[action].toReversed() })))
            expect(served.map((entry) => entry.hash)).toEqual(expected.map((entry) => entry.hash))
            expect(served).toEqual(expected)
            expect(read.slice(0, -1).every((page) => page.transactions.length === pageSize)).toBe(true)
          }
        ),
        { numRuns: 150 }
      )
    ))

  it.effect("answers a short page with a cursor when the rounds run out, and loses nothing after it", () =>
    Effect.gen(function*() {
      // One record per block in a single list: each round of a 1-record window completes one block.
      const transactions = Array.from({ length: 6 }, (_, n) => ({ block: n, index: 0, normal: true, internal: 0, tokens: 0, nfts: 0, multi: 0 }))
      const records = recordsOf(transactions)
      const pages = HistoryPages.make(clientOver(records, { count: 0 }), AccountApi.actions, { window: 1, pageSize: 4, maxRounds: 2 })
      const first = yield* pages.page(me, undefined)
      expect(first.transactions.map((entry) => entry.block)).toEqual([5, 4])
      expect(first.next).toEqual({ block: 3, shown: 0 })
      const read = yield* allPages(pages)
      expect(read.flatMap((page) => page.transactions).map((entry) => entry.block)).toEqual([5, 4, 3, 2, 1, 0])
    }))

  it.effect("refuses an explorer that answers records above the block it was bounded by", () =>
    Effect.gen(function*() {
      const transactions = Array.from({ length: 4 }, (_, n) => ({ block: n, index: 0, normal: true, internal: 0, tokens: 0, nfts: 0, multi: 0 }))
      const honest = clientOver(recordsOf(transactions), { count: 0 })
      // Ignores endblock, as a broken explorer or proxy might.
      const unbounded: ExplorerClient = { ...honest, list: (query) => honest.list({ ...query, endblock: undefined }) }
      const failure = yield* Effect.flip(HistoryPages.make(unbounded, AccountApi.actions, { window: 2, pageSize: 10, maxRounds: 4 }).page(me, { block: 1, shown: 0 }))
      expect(failure).toMatchObject({ _tag: "ExplorerError", reason: "malformed" })
    }))

  it("reads back only the cursors it writes", () => {
    expect(HistoryPages.decodeCursor("120.3")).toEqual({ block: 120, shown: 3 })
    for (const foreign of ["", "abc", "20", "1.2.3", "-1.0", "1.-2", "1e3.0", " 1.0"]) expect(HistoryPages.decodeCursor(foreign)).toBeUndefined()
  })
})
