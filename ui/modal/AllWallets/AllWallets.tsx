/**
 * AllWallets: the registry (40 per page, loaded as the visitor scrolls, rows virtualised), with
 * the 2 recent and the installed wallets first and the 4 recommended next; a search runs 300 ms
 * after the last keystroke over up to 100 entries. Entries outside the configured chains are left out.
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Atom from "effect/reactivity/Atom"
import { useEffect, useMemo, useState } from "react"
import * as Constants from "../../../core/Constants.ts"
import type * as WalletListEntry from "../../../core/WalletListEntry.ts"
import { WalletRow } from "../components/WalletRow.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

const rowHeight = 62
const viewportHeight = 360
const overscan = 6

interface Row {
  readonly key: string
  readonly name: string
  readonly icon: string | undefined
  readonly tag?: string
  readonly select: () => void
}

export function AllWallets() {
  const { engine, t } = useModalContext()
  const [query, setQuery] = useState("")
  const [search, setSearch] = useState("")
  const [pages, setPages] = useState(1)
  const [scrollTop, setScrollTop] = useState(0)
  const { clients } = useEngineAtom(engine.atoms.connectors)
  const recent = useEngineAtom(engine.atoms.recentWallets)

  // The search runs 300 ms after the last keystroke (spec §9).
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(query.trim())
      setPages(1)
      setScrollTop(0)
    }, Constants.walletSearchWaitMillis)
    return () => clearTimeout(timer)
  }, [query])

  const combined = useMemo(
    () => Atom.make((get) => Array.from({ length: search === "" ? pages : 1 }, (_, index) => get(engine.atoms.wallets({ page: index + 1, search })))),
    [engine, pages, search]
  )
  const results = useEngineAtom(combined)
  const loaded = results.flatMap((result) => AsyncResult.isSuccess(result) ? result.value.data : [])
  const count = results[0] !== undefined && AsyncResult.isSuccess(results[0]) ? results[0].value.count : 0
  const waiting = results.some((result) => AsyncResult.isInitial(result) || result.waiting)
  const failed = results.some(AsyncResult.isFailure)
  const configured: ReadonlyArray<string> = engine.config.networks.map((network) => network.caipNetworkId)
  const entries = loaded.filter((entry) => entry.chains === undefined || entry.chains.some((chain) => configured.includes(chain)))

  const installed = clients.filter((client) => client.connector.type !== "WALLET_CONNECT")
  const connectInstalled = (id: string) => {
    void engine.push({ view: "ConnectingExternal", data: { connectorId: id } })
    void engine.connect(id)
  }
  const chooseEntry = (entry: WalletListEntry.WalletListEntry) => {
    const match = installed.find((client) => entry.rdns !== undefined && entry.rdns !== null && client.connector.info?.rdns === entry.rdns)
    if (match !== undefined) return connectInstalled(match.connector.id)
    void engine.push({ view: "ConnectingWalletConnect", data: { wallet: entry } })
    void engine.connect("walletConnect")
  }
  const imageOf = (entry: WalletListEntry.WalletListEntry) =>
    entry.image_id === undefined ? undefined : engine.imageUrl(`/getWalletImage/${entry.image_id}`)

  const registryRows = (list: ReadonlyArray<WalletListEntry.WalletListEntry>, tag?: string): Array<Row> =>
    list.map((entry) => ({
      key: `registry:${entry.id}`,
      name: entry.name,
      icon: imageOf(entry),
      ...(tag === undefined ? {} : { tag }),
      select: () => chooseEntry(entry)
    }))

  const rows = ((): ReadonlyArray<Row> => {
    const recentIds = recent.map((entry) => entry.id)
    const installedRows: Array<Row> = [
      ...recentIds.flatMap((id) => installed.filter((client) => client.connector.id === id)),
      ...installed.filter((client) => !recentIds.includes(client.connector.id))
    ].map((client) => ({
      key: `installed:${client.connector.id}`,
      name: client.connector.name,
      icon: client.connector.imageUrl,
      tag: recentIds.includes(client.connector.id) ? t("recent") : t("installed"),
      select: () => connectInstalled(client.connector.id)
    }))
    // A registry entry of an installed wallet is shown once, as the installed one: matched by rdns
    // (EIP-6963), or by name for Wallet Standard wallets, which have no rdns.
    const installedRdns = installed.map((client) => client.connector.info?.rdns).filter((rdns) => rdns !== undefined)
    const installedNames = installed.map((client) => client.connector.name.toLowerCase())
    const fresh = entries.filter((entry) =>
      (entry.rdns === undefined || entry.rdns === null || !installedRdns.includes(entry.rdns)) &&
      !installedNames.includes(entry.name.toLowerCase())
    )
    if (search !== "") {
      const needle = search.toLowerCase()
      return [...installedRows.filter((row) => row.name.toLowerCase().includes(needle)), ...registryRows(fresh)]
    }
    const recentEntries = fresh.filter((entry) => recentIds.includes(entry.id)).slice(0, Constants.recentWalletsLimit)
    const recommended = fresh
      .filter((entry) => !recentIds.includes(entry.id) && (entry as { readonly recommended?: boolean }).recommended === true)
      .slice(0, Constants.recommendedWalletsCount)
    const shown = new Set([...recentEntries, ...recommended].map((entry) => entry.id))
    return [
      ...registryRows(recentEntries, t("recent")),
      ...installedRows,
      ...registryRows(recommended, t("recommended")),
      ...registryRows(fresh.filter((entry) => !shown.has(entry.id)))
    ]
  })()

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan)
  const done = search !== "" || loaded.length >= count

  // Infinite scroll: the next page loads when the visitor nears the end of what is loaded.
  const onScroll = (top: number) => {
    setScrollTop(top)
    const lastVisible = Math.ceil((top + viewportHeight) / rowHeight)
    if (!done && !waiting && !failed && lastVisible >= rows.length - overscan) setPages((n) => n + 1)
  }

  return (
    <div>
      <input
        className="search"
        type="search"
        aria-label={t("searchWallets")}
        placeholder={t("searchWallets")}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      {failed ? <p className="error" role="alert">{t("walletListUnavailable")}</p> : null}
      {!waiting && rows.length === 0 ? <p className="muted">{t("noWalletsFound")}</p> : null}
      <div className="scroller" onScroll={(event) => onScroll(event.currentTarget.scrollTop)} data-rows={rows.length}>
        <ul className="list rows" aria-label={t("allWallets")} style={{ height: rows.length * rowHeight }}>
          {rows.slice(first, last).map((row, index) => (
            <li key={row.key} className="row" style={{ top: (first + index) * rowHeight }}>
              <WalletRow name={row.name} icon={row.icon} {...(row.tag === undefined ? {} : { tag: row.tag })} onSelect={row.select} />
            </li>
          ))}
        </ul>
      </div>
      {waiting ? <p className="muted" role="status">{t("loadingWallets")}</p> : null}
    </div>
  )
}
