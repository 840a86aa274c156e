/**
 * The wallet lists of the Connect and AllWallets views (spec §9): the registry in pages of 40 (a
 * search asks for up to 100), arranged with the 2 recent wallets and the installed ones first, the 4
 * recommended next, then the rest; only wallets for the configured chains, and each wallet once (an
 * installed wallet's registry entry is shown as the installed one). Views keep the scrolling, the
 * virtualisation and the search debounce; the arrangement is a pure function here.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Atom from "effect/reactivity/Atom"
import type * as AtomRegistry from "effect/reactivity/AtomRegistry"
import * as Analytics from "../Analytics.ts"
import { Backend, type BackendError } from "../Backend.ts"
import type * as Connector from "../Connector.ts"
import * as Constants from "../Constants.ts"
import * as InstalledWallets from "../InstalledWallets.ts"
import { HostConfig } from "../HostConfig.ts"
import type * as WalletListEntry from "../WalletListEntry.ts"
import type { Choice } from "./ConnectAttempt.ts"

export type Row =
  | InstalledWallets.InstalledRow
  | { readonly _tag: "Registry"; readonly entry: WalletListEntry.WalletEntry; readonly label?: "recent" | "recommended" }

export interface Arrangement {
  /** Wallets the page announced (not WalletConnect). */
  readonly installed: ReadonlyArray<Connector.Connector>
  /** Recent wallets, newest first. */
  readonly recent: ReadonlyArray<WalletListEntry.WalletListEntry>
  /** Registry entries in the order the pages arrived. */
  readonly registry: ReadonlyArray<WalletListEntry.WalletEntry>
  /** The search as typed (trimmed); empty for the plain list. */
  readonly search: string
  /** CAIP-2 ids of the configured networks. */
  readonly chains: ReadonlyArray<string>
}

const registryRows = (list: ReadonlyArray<WalletListEntry.WalletEntry>, label?: "recent" | "recommended"): Array<Row> =>
  list.map((entry) => ({ _tag: "Registry", entry, ...(label === undefined ? {} : { label }) }))

const supportsAny = (entry: WalletListEntry.WalletEntry, chains: ReadonlyArray<string>) =>
  entry.chains === undefined || entry.chains.some((chain) => chains.includes(chain))

/** The registry entry of an installed wallet: same rdns (EIP-6963), or same name (Wallet Standard has no rdns). */
const isInstalledEntry = (entry: WalletListEntry.WalletListEntry, installed: ReadonlyArray<Connector.Connector>) =>
  installed.some((connector) =>
    (entry.rdns !== undefined && entry.rdns !== null && connector.info?.rdns === entry.rdns) ||
    connector.name.toLowerCase() === entry.name.toLowerCase()
  )

export const arrange = (input: Arrangement): ReadonlyArray<Row> => {
  const installedRows = InstalledWallets.arrangeInstalled(input.installed, input.recent)
  const seen = new Set<string>()
  const fresh = input.registry.filter((entry) => {
    if (seen.has(entry.id) || !supportsAny(entry, input.chains) || isInstalledEntry(entry, input.installed)) return false
    seen.add(entry.id)
    return true
  })
  if (input.search !== "") {
    const needle = input.search.toLowerCase()
    return [...installedRows.filter((row) => row.connector.name.toLowerCase().includes(needle)), ...registryRows(fresh)]
  }
  const recentIds = input.recent.map((entry) => entry.id)
  const recentEntries = fresh.filter((entry) => recentIds.includes(entry.id)).slice(0, Constants.recentWalletsLimit)
  const recommended = fresh
    .filter((entry) => !recentIds.includes(entry.id) && entry.recommended)
    .slice(0, Constants.recommendedWalletsCount)
  const shown = new Set([...recentEntries, ...recommended].map((entry) => entry.id))
  return [
    ...registryRows(recentEntries, "recent"),
    ...installedRows,
    ...registryRows(recommended, "recommended"),
    ...registryRows(fresh.filter((entry) => !shown.has(entry.id)))
  ]
}

/** Choosing a registry entry: the installed wallet it names, else WalletConnect with that wallet. */
export const choiceFor = (entry: WalletListEntry.WalletListEntry, installed: ReadonlyArray<Connector.Connector>): Choice => {
  const match = installed.find((connector) => entry.rdns !== undefined && entry.rdns !== null && connector.info?.rdns === entry.rdns)
  return match === undefined ? { _tag: "WalletConnect", wallet: entry } : { _tag: "Installed", connectorId: match.id }
}

export interface PageQuery {
  /** Starts at 1. */
  readonly page: number
  readonly search: string
}

export class WalletList extends Context.Service<WalletList, {
  /** One registry page for the configured chains; a search is tracked (SEARCH_WALLET). */
  readonly page: (query: PageQuery) => Effect.Effect<WalletListEntry.WalletPage, BackendError>
}>()("portico/core/features/WalletList") {
  static readonly layer = Layer.effect(
    WalletList,
    Effect.gen(function*() {
      const backend = yield* Backend
      const analytics = yield* Analytics.Analytics
      const chains = (yield* HostConfig).networks.map((network) => network.caipNetworkId)
      return WalletList.of({
        page: (query) => {
          const fetch = backend.wallets({ ...query, chains })
          return query.search === ""
            ? fetch
            : Effect.tap(fetch, () => Analytics.trackDetached({ event: "SEARCH_WALLET", properties: { search: query.search } }).pipe(
              Effect.provideService(Analytics.Analytics, analytics)
            ))
        }
      })
    })
  )
}

/**
 * Pages are kept alive: the view re-reads them as it scrolls, and each must be fetched once. A page
 * whose fetch failed is fetched again by `retryFailed` (the visitor's "Try again", or reopening the
 * modal after an outage), so the list recovers without a reload.
 */
export const atoms = (list: WalletList["Service"]) => {
  const requested = new Set<string>()
  const byKey = Atom.family((key: string) => {
    const [page = "1", ...rest] = key.split("|")
    return Atom.keepAlive(Atom.make(list.page({ page: Number(page), search: rest.join("|") })))
  })
  return {
    page: (query: PageQuery) => {
      const key = `${query.page}|${query.search}`
      requested.add(key)
      return byKey(key)
    },
    retryFailed: (registry: AtomRegistry.AtomRegistry) => {
      for (const key of requested) {
        const atom = byKey(key)
        if (AsyncResult.isFailure(registry.get(atom))) registry.refresh(atom)
      }
    }
  }
}
