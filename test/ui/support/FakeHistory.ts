/**
 * The Blockchain API's `/v1/account/{address}/history` (and a failing `/balance` and `/identity`)
 * as a page-level fetch answer, for the Account tabs. Pages are keyed by cursor ("" for the first);
 * every request is recorded, and `hold()` keeps answers back so the loading state can be seen.
 * Any other URL fails loudly. Install it once per file (beforeAll): Effect's fetch client reads
 * `globalThis.fetch` once, so each test picks its answers with `serve()`.
 */
export interface HistoryEntry {
  readonly id: string
  readonly chain?: string
  readonly minedAt: string
  readonly sentFrom?: string
  readonly sentTo?: string
  readonly operationType?: string
  readonly approvals?: ReadonlyArray<{
    readonly fungible_info?: { readonly name: string; readonly symbol: string }
    readonly quantity?: { readonly decimals: string; readonly numeric: string }
    readonly unlimited: boolean
    readonly spender: string
  }>
  readonly transfers: ReadonlyArray<{
    readonly direction: "in" | "out" | "self"
    readonly quantity: { readonly decimals: string; readonly numeric: string }
    readonly fungible_info?: { readonly name: string; readonly symbol: string }
    readonly nft_info?: {
      readonly name: string
      readonly flags: { readonly is_spam: boolean }
      readonly contract?: string
      readonly tokenId?: string
      readonly collection?: string
      readonly imageUrl?: string
    }
  }>
}

export interface HistoryPage {
  readonly data: ReadonlyArray<HistoryEntry>
  readonly next: string | null
}

export interface FakeHistory {
  readonly requests: Array<{ readonly cursor: string | undefined; readonly chainId: string | undefined }>
  /** The pages (by cursor) to answer from now on, or "fail" for a 503 on every request. */
  readonly serve: (pages: Readonly<Record<string, HistoryPage>> | "fail") => void
  readonly hold: () => void
  readonly release: () => void
  readonly restore: () => void
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

export const installFakeHistory = (): FakeHistory => {
  const requests: FakeHistory["requests"] = []
  let pages: Readonly<Record<string, HistoryPage>> | "fail" = {}
  const original = globalThis.fetch
  let held: Array<() => void> | undefined
  globalThis.fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (!url.pathname.endsWith("/history")) return json({ message: "not in this fake" }, 500)
    const cursor = url.searchParams.get("cursor") ?? undefined
    requests.push({ cursor, chainId: url.searchParams.get("chainId") ?? undefined })
    if (held !== undefined) await new Promise<void>((resolve) => held?.push(resolve))
    if (pages === "fail") return json({ _tag: "UpstreamUnavailable", message: "upstream down" }, 503)
    const page = pages[cursor ?? ""]
    if (page === undefined) return json({ message: `no page ${cursor}` }, 500)
    return json({
      next: page.next,
      data: page.data.map((entry, index) => ({
        id: entry.id,
        metadata: {
          operationType: entry.operationType ?? "transfer",
          hash: `0x${String(index).padStart(64, "0")}`,
          minedAt: entry.minedAt,
          sentFrom: entry.sentFrom ?? "0x1111111111111111111111111111111111111111",
          sentTo: entry.sentTo ?? "0x2222222222222222222222222222222222222222",
          status: "confirmed",
          nonce: index,
          chain: entry.chain ?? "eip155:1"
        },
        transfers: entry.transfers,
        ...(entry.approvals === undefined ? {} : { approvals: entry.approvals })
      }))
    })
  }
  return {
    requests,
    serve: (next) => {
      pages = next
      requests.length = 0
    },
    hold: () => void (held = []),
    release: () => {
      const waiting = held ?? []
      held = undefined
      waiting.forEach((resume) => resume())
    },
    restore: () => void (globalThis.fetch = original)
  }
}
