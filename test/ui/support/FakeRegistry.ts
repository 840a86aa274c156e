/**
 * The wallet service's `/getWallets` as a page-level fetch answer, for AllWallets tests: 130 wallets
 * on eip155:1 (every 10th recommended), plus 5 on a chain the host does not use. Every request is
 * recorded with its time, so paging and the search debounce can be checked. Any other URL fails loudly.
 */
export interface RegistryRequest {
  readonly at: number
  readonly page: number
  readonly entries: number
  readonly search: string | undefined
}

const pad = (n: number) => String(n).padStart(3, "0")

const all = [
  ...Array.from({ length: 130 }, (_, index) => ({
    id: `wallet-${pad(index + 1)}`,
    name: `Wallet ${pad(index + 1)}`,
    rdns: null,
    chains: ["eip155:1"],
    image_url: `/getWalletImage/wallet-${pad(index + 1)}`,
    homepage: null,
    badge_type: "none" as const,
    recommended: index % 10 === 9,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null
  })),
  ...Array.from({ length: 5 }, (_, index) => ({
    id: `elsewhere-${index}`,
    name: `Elsewhere ${index}`,
    rdns: null,
    chains: ["eip155:999"],
    image_url: `/getWalletImage/elsewhere-${index}`,
    homepage: null,
    badge_type: "none" as const,
    recommended: false,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null
  }))
]

export const installFakeRegistry = (): {
  readonly requests: Array<RegistryRequest>
  readonly restore: () => void
  /** While down, every request fails as an unreachable server does. */
  readonly down: (unreachable: boolean) => void
} => {
  const requests: Array<RegistryRequest> = []
  const original = globalThis.fetch
  let unreachable = false
  globalThis.fetch = async (input) => {
    if (unreachable) throw new TypeError("Failed to fetch")
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (!url.pathname.endsWith("/getWallets")) return new Response("not in this fake", { status: 500 })
    const page = Number(url.searchParams.get("page") ?? "1")
    const entries = Number(url.searchParams.get("entries") ?? "40")
    const search = url.searchParams.get("search") ?? undefined
    requests.push({ at: performance.now(), page, entries, search })
    const matching = search === undefined ? all : all.filter((wallet) => wallet.name.toLowerCase().includes(search.toLowerCase()))
    const data = matching.slice((page - 1) * entries, page * entries)
    return new Response(JSON.stringify({ count: matching.length, data }), { headers: { "content-type": "application/json" } })
  }
  return {
    requests,
    restore: () => void (globalThis.fetch = original),
    down: (value) => {
      unreachable = value
    }
  }
}
