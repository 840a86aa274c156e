/**
 * AllWallets: the registry (40 per page, loaded as the visitor scrolls, rows virtualised), with
 * the arrangement of core's WalletList (recent and installed first, recommended next, configured
 * chains only, each wallet once); a search runs 300 ms after the last keystroke over up to 100 entries.
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Atom from "effect/reactivity/Atom"
import { useEffect, useMemo, useRef, useState } from "react"
import { isMobile } from "../../../app/Device.ts"
import * as Constants from "../../../core/Constants.ts"
import * as WalletList from "../../../core/features/WalletList.ts"
import * as InstalledWallets from "../../../core/InstalledWallets.ts"
import * as WalletDeepLink from "../../../core/WalletDeepLink.ts"
import type * as WalletListEntry from "../../../core/WalletListEntry.ts"
import { LegalGate } from "../components/LegalGate.tsx"
import { prepareWalletConnect } from "../FeatureView.tsx"
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
  const scroller = useRef<HTMLDivElement>(null)
  const { clients } = useEngineAtom(engine.atoms.connectors)
  const recent = useEngineAtom(engine.atoms.recentWallets)
  const prepared = useEngineAtom(engine.atoms.preparedPairing)

  // The registry's wallets connect through WalletConnect: its code and view load while the visitor looks for one,
  // and on a phone the pairing is made meanwhile too, so the tap can open it at once.
  useEffect(() => {
    prepareWalletConnect(engine)
    if (isMobile()) void engine.preparePairing()
  }, [engine])

  // The search runs 300 ms after the last keystroke (spec §9). Only a new term starts over: the pages
  // scrolled in meanwhile stay when the term is unchanged (on opening, or typed and erased).
  useEffect(() => {
    const term = query.trim()
    if (term === search) return
    const timer = setTimeout(() => {
      setSearch(term)
      setPages(1)
      setScrollTop(0)
      scroller.current?.scrollTo({ top: 0 })
    }, Constants.walletSearchWaitMillis)
    return () => clearTimeout(timer)
  }, [query, search])

  const combined = useMemo(
    () => Atom.make((get) => Array.from({ length: search === "" ? pages : 1 }, (_, index) => get(engine.atoms.wallets({ page: index + 1, search })))),
    [engine, pages, search]
  )
  const results = useEngineAtom(combined)
  const loaded = results.flatMap((result) => AsyncResult.isSuccess(result) ? result.value.data : [])
  const count = results[0] !== undefined && AsyncResult.isSuccess(results[0]) ? results[0].value.count : 0
  const waiting = results.some((result) => AsyncResult.isInitial(result) || result.waiting)
  const failed = results.some(AsyncResult.isFailure)
  const installed = InstalledWallets.installedWallets(clients)
  const imageOf = (entry: WalletListEntry.WalletEntry) =>
    entry.image_id === undefined ? undefined : engine.walletImageUrl(entry.image_id)

  const rows: ReadonlyArray<Row> = WalletList.arrange({
    installed,
    recent,
    registry: loaded,
    search,
    chains: engine.config.networks.map((network) => network.caipNetworkId)
  }).map((row) =>
    row._tag === "Installed"
      ? {
        key: `installed:${row.connector.id}`,
        name: row.connector.name,
        icon: row.connector.imageUrl,
        tag: t(row.label),
        select: () => void engine.choose({ _tag: "Installed", connectorId: row.connector.id })
      }
      : {
        key: `registry:${row.entry.id}`,
        name: row.entry.name,
        icon: imageOf(row.entry),
        ...(row.label === undefined ? {} : { tag: t(row.label) }),
        select: () => {
          const choice = WalletList.choiceFor(row.entry, installed)
          // In the tap itself, before anything waits: the wallet's link then keeps the visitor's gesture.
          const link = choice._tag === "WalletConnect" && isMobile() ? WalletDeepLink.linkForTap(row.entry, prepared, engine.now()) : undefined
          if (link !== undefined) engine.openWalletLink(link)
          void engine.choose(choice)
        }
      }
  )

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
      {failed
        ? (
          <div className="actions">
            <p className="error" role="alert">{t("walletListUnavailable")}</p>
            <button type="button" className="secondary" onClick={engine.retryWalletList}>{t("tryAgain")}</button>
          </div>
        )
        : null}
      {!waiting && rows.length === 0 ? <p className="muted">{t("noWalletsFound")}</p> : null}
      {/* Opened here directly (a phone, the host), the legal checkbox is asked here too. */}
      <LegalGate>
        <div
          className="scroller"
          ref={scroller}
          onScroll={(event) => onScroll(event.currentTarget.scrollTop)}
          data-rows={rows.length}
          data-pairing={prepared === undefined ? undefined : "ready"}
        >
          <ul className="list rows" aria-label={t("allWallets")} style={{ height: rows.length * rowHeight }}>
            {rows.slice(first, last).map((row, index) => (
              <li key={row.key} className="row" style={{ top: (first + index) * rowHeight }}>
                <WalletRow name={row.name} icon={row.icon} {...(row.tag === undefined ? {} : { tag: row.tag })} onSelect={row.select} />
              </li>
            ))}
          </ul>
        </div>
      </LegalGate>
      {waiting ? <p className="muted" role="status">{t("loadingWallets")}</p> : null}
    </div>
  )
}
