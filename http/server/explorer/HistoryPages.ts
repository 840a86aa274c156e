/**
 * Pages of one address's history on one chain, merged from the explorer's five lists (transactions,
 * internal transfers, ERC-20, ERC-721 and ERC-1155 transfers), newest first.
 *
 * Each list is read newest first from a block bound, `offset` records at a time. A list that filled its
 * window may hold more records in the lowest block it reached, so only the blocks above the highest such
 * floor are complete in every list: those transactions are shown, and the next round (or page) reads
 * again from the floor down. A list whose whole window sits in one block reads that block whole
 * (`startblock` = `endblock`, page after page), so every round completes at least one block.
 *
 * The cursor is `<block>.<shown>`: the next page starts in that block, after the first `shown`
 * transactions of its canonical order (transaction index, newest first, then hash). A block's order is
 * the same on every read since the block is always read whole.
 */
import * as Effect from "effect/Effect"
import * as AccountApi from "./AccountApi.ts"
import { ExplorerError, type ExplorerClient } from "./ExplorerClient.ts"

/** One transaction of the address and every record the lists hold of it. */
export interface Gathered {
  readonly hash: string
  readonly block: number
  /** Its index in the block, when a list says it (internal transfers do not). */
  readonly index: number | undefined
  /** Unix seconds of the block. */
  readonly timeStamp: number
  readonly normal: AccountApi.NormalTransaction | undefined
  readonly internal: ReadonlyArray<AccountApi.InternalTransaction>
  readonly tokens: ReadonlyArray<AccountApi.TokenTransfer>
  readonly nfts: ReadonlyArray<AccountApi.NftTransfer>
  readonly multiTokens: ReadonlyArray<AccountApi.MultiTokenTransfer>
}

export interface Cursor {
  readonly block: number
  /** Transactions of `block` already shown. */
  readonly shown: number
}

export interface Page {
  readonly transactions: ReadonlyArray<Gathered>
  readonly next: Cursor | null
}

const cursorText = /^(\d{1,15})\.(\d{1,6})$/

export const encodeCursor = (cursor: Cursor): string => `${cursor.block}.${cursor.shown}`

/** The cursor a page gave, or undefined for any other text. */
export const decodeCursor = (text: string): Cursor | undefined => {
  const match = cursorText.exec(text)
  if (match === null) return undefined
  return { block: Number(match[1]), shown: Number(match[2]) }
}

export interface PageOptions {
  readonly pageSize: number
  /** Records asked of each list per call (Etherscan's default page is 100 records). */
  readonly window: number
  /** Reads of every list one page may take before it answers short, with a cursor. */
  readonly maxRounds: number
}

export const defaultPageOptions: Omit<PageOptions, "pageSize"> = { window: 100, maxRounds: 4 }

type AnyRecord = AccountApi.RecordOf[AccountApi.Action]

interface Window {
  readonly action: AccountApi.Action
  readonly records: ReadonlyArray<AnyRecord>
  /** Blocks at or below it may miss records of this list; -1 when the list is read to its end. */
  readonly floor: number
}

const blockOf = (record: AnyRecord): number => Number(record.blockNumber)

const indexOf = (record: AnyRecord): number | undefined =>
  "transactionIndex" in record && record.transactionIndex !== undefined ? Number(record.transactionIndex) : undefined

/** Newest block first; in a block the highest index first, unknown indexes last, then by hash. */
export const canonicalOrder = (a: Gathered, b: Gathered): number =>
  b.block - a.block || (b.index ?? -1) - (a.index ?? -1) || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0)

/**
 * Records (each list newest first, as read) grouped into their transactions, in canonical order; a
 * transaction's records of one list in the order the chain emitted them.
 */
export const gather = (windows: ReadonlyArray<Pick<Window, "action" | "records">>): ReadonlyArray<Gathered> => {
  const byHash = new Map<string, { -readonly [K in keyof Gathered]: Gathered[K] }>()
  for (const { action, records } of windows) {
    for (const record of records) {
      const hash = record.hash.toLowerCase()
      const entry = byHash.get(hash) ?? {
        hash: record.hash,
        block: blockOf(record),
        index: undefined,
        timeStamp: Number(record.timeStamp),
        normal: undefined,
        internal: [],
        tokens: [],
        nfts: [],
        multiTokens: []
      }
      byHash.set(hash, entry)
      entry.index ??= indexOf(record)
      // Newest first: each record goes before the ones read earlier.
      if (action === "txlist") entry.normal = record as AccountApi.NormalTransaction
      else if (action === "txlistinternal") entry.internal = [record as AccountApi.InternalTransaction, ...entry.internal]
      else if (action === "tokentx") entry.tokens = [record as AccountApi.TokenTransfer, ...entry.tokens]
      else if (action === "tokennfttx") entry.nfts = [record as AccountApi.NftTransfer, ...entry.nfts]
      else entry.multiTokens = [record as AccountApi.MultiTokenTransfer, ...entry.multiTokens]
    }
  }
  return [...byHash.values()].toSorted(canonicalOrder)
}

/** Reads the pages of `address` through `client`, asking only `actions`. */
export const make = (client: ExplorerClient, actions: ReadonlyArray<AccountApi.Action>, options: PageOptions) => {
  const list = (action: AccountApi.Action, address: string, startblock: number, endblock: number | undefined, page: number) =>
    client.list({ action, address, startblock, endblock, page, offset: options.window, sort: "desc" }) as Effect.Effect<ReadonlyArray<AnyRecord>, ExplorerError>

  /** Every record of one list in one block, page after page. */
  const wholeBlock = Effect.fnUntraced(function*(action: AccountApi.Action, address: string, block: number) {
    const all: Array<AnyRecord> = []
    for (let page = 1; page * options.window <= AccountApi.resultWindow; page++) {
      const records = yield* list(action, address, block, block, page)
      all.push(...records)
      if (records.length < options.window) return all
    }
    return yield* new ExplorerError({
      chainId: client.chainId,
      reason: "refused",
      message: `The explorer of ${client.chainId}: more than ${AccountApi.resultWindow} ${action} records in block ${block}`
    })
  })

  const readWindow = Effect.fnUntraced(function*(action: AccountApi.Action, address: string, bound: number | undefined) {
    const records = yield* list(action, address, 0, bound, 1)
    const blocks = records.map(blockOf)
    // Records above the bound would be shown twice: an explorer answering them does not speak the API.
    if (bound !== undefined && blocks.some((block) => block > bound)) {
      return yield* new ExplorerError({ chainId: client.chainId, reason: "malformed", message: `The explorer of ${client.chainId}: ${action} records above endblock ${bound}` })
    }
    if (records.length < options.window || blocks.length === 0) return { action, records, floor: -1 } satisfies Window
    const floor = Math.min(...blocks)
    // A window spanning blocks completes those above its lowest; one inside a single block is read whole.
    if (Math.max(...blocks) !== floor) return { action, records, floor } satisfies Window
    return { action, records: yield* wholeBlock(action, address, floor), floor: floor - 1 } satisfies Window
  })

  const page = Effect.fnUntraced(function*(address: string, cursor: Cursor | undefined) {
    const gathered: Array<Gathered> = []
    let bound = cursor?.block
    let skip = cursor?.shown ?? 0
    let floor = -1
    for (let round = 0; round < options.maxRounds; round++) {
      const windows = yield* Effect.forEach(actions, (action) => readWindow(action, address, bound), { concurrency: "unbounded" })
      floor = Math.max(-1, ...windows.map((window) => window.floor))
      const complete = gather(windows.map((window) => ({ action: window.action, records: window.records.filter((record) => blockOf(record) > floor) })))
      let dropped = 0
      for (const transaction of complete) {
        if (transaction.block === bound && dropped < skip) dropped++
        else gathered.push(transaction)
      }
      if (gathered.length >= options.pageSize || floor < 0) break
      bound = floor
      skip = 0
    }
    const transactions = gathered.slice(0, options.pageSize)
    const last = transactions.at(-1)
    if (gathered.length <= options.pageSize && floor < 0) return { transactions, next: null } satisfies Page
    if (last === undefined || transactions.length < options.pageSize) return { transactions, next: { block: floor, shown: 0 } } satisfies Page
    const before = cursor !== undefined && last.block === cursor.block && transactions.every((entry) => entry.block === last.block) ? cursor.shown : 0
    const shownHere = transactions.filter((entry) => entry.block === last.block).length
    return { transactions, next: { block: last.block, shown: before + shownHere } } satisfies Page
  })

  return { page }
}
