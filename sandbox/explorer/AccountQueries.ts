/**
 * The account module as Etherscan documents it, answered from a ChainIndex: the five list actions with
 * `startblock`/`endblock` (inclusive; `latest`), `page`/`offset` (page × offset at most 10,000; without
 * them up to 10,000 records) and `sort` (`asc` by default), in the `{ status, message, result }` envelope
 * with Etherscan's texts for no records and for each refusal.
 */
import * as AccountApi from "../../http/server/explorer/AccountApi.ts"
import type { ChainIndex } from "./ChainIndex.ts"

export interface Answer {
  readonly status: "0" | "1"
  readonly message: string
  readonly result: unknown
}

export const notOk = (result: string): Answer => ({ status: "0", message: "NOTOK", result })

const isAction = (value: string): value is AccountApi.Action => (AccountApi.actions as ReadonlyArray<string>).includes(value)

/** A whole number parameter, its default when absent; undefined when malformed. */
const whole = (value: string | null, fallback: number): number | undefined => {
  if (value === null || value === "") return fallback
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined
}

export const answer = async (index: ChainIndex, query: URLSearchParams): Promise<Answer> => {
  if (query.get("module") !== "account") return notOk("Error! Missing Or invalid Module name")
  const action = query.get("action") ?? ""
  if (!isAction(action)) return notOk("Error! Missing Or invalid Action name")
  const address = query.get("address") ?? ""
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return notOk("Error! Invalid address format")
  const startblock = whole(query.get("startblock"), 0)
  const endblock = query.get("endblock") === "latest" ? Number.MAX_SAFE_INTEGER : whole(query.get("endblock"), Number.MAX_SAFE_INTEGER)
  if (startblock === undefined || endblock === undefined) return notOk("Error! Invalid block number")
  const page = whole(query.get("page"), 1)
  const offset = whole(query.get("offset"), AccountApi.resultWindow)
  if (page === undefined || offset === undefined || page < 1 || offset < 1) return notOk("Error! Invalid page or offset")
  if (page * offset > AccountApi.resultWindow) {
    return notOk(`Result window is too large, PageNo x Offset size must be less than or equal to ${AccountApi.resultWindow}`)
  }
  const sort = query.get("sort") ?? "asc"
  if (sort !== "asc" && sort !== "desc") return notOk("Error! Invalid sort order")
  await index.sync()
  const ascending: ReadonlyArray<AccountApi.RecordOf[AccountApi.Action]> = index.recordsOf(address)?.[action] ?? []
  const inRange = ascending.filter((record) => {
    const block = Number(record.blockNumber)
    return block >= startblock && block <= endblock
  })
  const ordered = sort === "asc" ? inRange : inRange.toReversed()
  const head = index.head()
  const result = ordered.slice((page - 1) * offset, page * offset).map((record) => ({ ...record, confirmations: String(head - Number(record.blockNumber) + 1) }))
  return result.length === 0 ? { status: "0", message: "No transactions found", result: [] } : { status: "1", message: "OK", result }
}
