/**
 * Headless use: what the modal's own views read, as atoms a host's own UI subscribes to (the React hooks
 * of ui/react/headless.ts, `createPortico`'s `headless()`), and connect by wallet id through the engine's
 * own `connect` action. Assembly only: the shapes and rules are core's (HostWallet, HostConnection,
 * HostAccount). Made once per engine, in the engine's chunk.
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Atom from "effect/reactivity/Atom"
import type * as AtomRegistry from "effect/reactivity/AtomRegistry"
import * as Connector from "../core/Connector.ts"
import * as WalletList from "../core/features/WalletList.ts"
import * as InstalledWallets from "../core/InstalledWallets.ts"
import * as HostAccount from "../core/HostAccount.ts"
import * as HostConnection from "../core/HostConnection.ts"
import * as HostWallet from "../core/HostWallet.ts"
import * as NetworkLookup from "../core/NetworkLookup.ts"
import * as Session from "../core/Session.ts"
import type * as WalletListEntry from "../core/WalletListEntry.ts"
import * as Action from "./Action.ts"
import type { Safe } from "./Action.ts"
import type { Engine } from "./Engine.ts"

export interface WalletQuery {
  /** Also the wallet registry, as the AllWallets view lists it (needs `apiUrl` and the `allWallets` feature). */
  readonly registry?: boolean
  /** Registry entries whose name matches (up to 100); the installed wallets are filtered too. */
  readonly search?: string
  /** Registry pages of 40 to hold (the plain list only; a search is one page). */
  readonly pages?: number
}

export interface WalletsState {
  /** `loading` while a registry page is on its way; `failed` when one could not be read (`retry`). */
  readonly status: "loading" | "ready" | "failed"
  readonly wallets: ReadonlyArray<HostWallet.HostWallet>
  /** Registry entries in the whole list (0 without the registry). */
  readonly count: number
  /** More registry pages can be asked for (`pages + 1`). */
  readonly hasMore: boolean
}

/** How `connect` ended; `failed` also carries a bug met on the way (`UnexpectedError`, shown and logged). */
export type ConnectResult = HostConnection.ConnectResult | { readonly status: "failed"; readonly error: Action.UnexpectedError | Connector.ConnectorNotFound }

export interface Headless {
  /** The registry holding the atoms below (the engine's). */
  readonly registry: AtomRegistry.AtomRegistry
  readonly wallets: (query: WalletQuery) => Atom.Atom<WalletsState>
  readonly connection: Atom.Atom<HostConnection.ConnectionStatus>
  readonly account: Atom.Atom<HostAccount.HostAccount | undefined>
  /** Connects the wallet of a `wallets` entry (an installed one through its extension, others through WalletConnect). */
  readonly connect: (walletId: string) => Safe<ConnectResult>
  /** Connects again the wallet of the last attempt. */
  readonly retry: () => Safe<ConnectResult>
  /** Stops the attempt in flight (and its WalletConnect pairing). */
  readonly cancel: () => Safe<void>
  /** Reads the active account's balances (once, or again with `refresh`). */
  readonly loadBalances: (options?: { readonly refresh?: boolean }) => Safe<void>
  /** Reads again the registry pages that failed. */
  readonly retryWallets: () => void
  /** Starts wallet discovery, as opening the modal does (the host's connect screen opened). */
  readonly discover: () => Safe<void>
}

const made = new WeakMap<Engine, Headless>()

/** The engine's headless parts, made on first use. */
export const of = (engine: Engine): Headless => {
  let headless = made.get(engine)
  if (headless === undefined) {
    headless = make(engine)
    made.set(engine, headless)
  }
  return headless
}

const make = (engine: Engine): Headless => {
  const { atoms, registry, config } = engine
  const registryOffered = config.resolvedFeatures.allWallets && config.apiUrl !== undefined
  const chains = config.networks.map((network) => network.caipNetworkId)
  const picked = Atom.keepAlive(Atom.make<HostConnection.Picked | undefined>(undefined))
  /** Registry entries the lists have shown, so `connect` finds them by id. */
  const seen = new Map<string, WalletListEntry.WalletEntry>()

  const wallets = Atom.family((key: string) => {
    const query = JSON.parse(key) as { readonly registry: boolean; readonly search: string; readonly pages: number }
    return Atom.make((get): WalletsState => {
      const { clients } = get(atoms.connectors)
      const pageCount = query.registry ? (query.search === "" ? query.pages : 1) : 0
      const results = Array.from({ length: pageCount }, (_, index) => get(atoms.wallets({ page: index + 1, search: query.search })))
      const loaded = results.flatMap((result) => AsyncResult.isSuccess(result) ? result.value.data : [])
      loaded.forEach((entry) => seen.set(entry.id, entry))
      const count = results[0] !== undefined && AsyncResult.isSuccess(results[0]) ? results[0].value.count : 0
      const list = HostWallet.walletsOf({
        installed: InstalledWallets.installedWallets(clients),
        recent: get(atoms.recentWallets),
        registry: loaded,
        search: query.search,
        chains,
        walletConnect: clients.find((client) => client.connector.type === "WALLET_CONNECT")?.connector,
        isImageAllowed: engine.isImageAllowed,
        imageOf: engine.walletImageUrl
      })
      return {
        status: results.some(AsyncResult.isFailure) ? "failed" : results.some((result) => AsyncResult.isInitial(result) || result.waiting) ? "loading" : "ready",
        wallets: list,
        count,
        hasMore: query.registry && query.search === "" && loaded.length < count
      }
    })
  })

  const account = Atom.make((get) => {
    const session = get(atoms.session)
    const active = Session.activeAccount(session)
    if (active === undefined) return undefined
    const identity = get(atoms.identity(active.address))
    return HostAccount.accountOf({
      session,
      balances: get(atoms.balances(active)),
      identity: AsyncResult.isSuccess(identity) ? identity.value : undefined,
      network: NetworkLookup.byId(config.networks, active.caipNetworkId),
      isImageAllowed: engine.isImageAllowed
    })
  })

  /** The connector behind a list entry: its own, WalletConnect's, or the installed wallet a registry entry names. */
  const route = (walletId: string): HostConnection.Picked | undefined => {
    const { clients } = registry.get(atoms.connectors)
    const walletConnect = clients.find((client) => client.connector.type === "WALLET_CONNECT")?.connector
    const entry = seen.get(walletId)
    const wallet = HostWallet.walletsOf({
      installed: InstalledWallets.installedWallets(clients),
      recent: [],
      registry: entry === undefined ? [] : [entry],
      search: "",
      chains,
      walletConnect,
      isImageAllowed: engine.isImageAllowed,
      imageOf: engine.walletImageUrl
    }).find((listed) => listed.id === walletId)
    if (wallet === undefined) return undefined
    if (entry === undefined) return { wallet, connectorId: walletId }
    const choice = WalletList.choiceFor(entry, InstalledWallets.installedWallets(clients))
    const connectorId = choice._tag === "Installed" ? choice.connectorId : walletConnect?.id
    return connectorId === undefined ? undefined : { wallet, connectorId }
  }

  const connect = async (walletId: string): Promise<ConnectResult> => {
    // An installed wallet is known once discovery ran (announcements answer its request at once).
    await engine.discover()
    const target = route(walletId)
    if (target === undefined) {
      return { status: "failed", error: new Connector.ConnectorNotFound({ connectorId: walletId, message: `No wallet with id ${walletId} in the list` }) }
    }
    registry.set(picked, target)
    const outcome = await engine.connect(target.connectorId)
    return outcome === undefined
      ? { status: "failed", error: new Action.UnexpectedError({ cause: "the connect attempt met a bug" }) }
      : HostConnection.resultOf(outcome)
  }

  return {
    registry,
    wallets: (query) => wallets(keyOf({ registry: query.registry === true && registryOffered, search: query.search?.trim() ?? "", pages: Math.max(1, query.pages ?? 1) })),
    connection: Atom.make((get) =>
      HostConnection.statusOf({
        attempt: get(atoms.attempt),
        connection: get(atoms.connection),
        clients: get(atoms.connectors).clients,
        session: get(atoms.session),
        picked: get(picked)
      })
    ),
    account,
    // Nothing in `connect` rejects: every ending is a result.
    connect: (walletId) => connect(walletId) as Safe<ConnectResult>,
    retry: () => connect(registry.get(picked)?.wallet.id ?? "") as Safe<ConnectResult>,
    cancel: engine.cancelConnect,
    loadBalances: (options) => {
      const active = Session.activeAccount(registry.get(atoms.session))
      return active === undefined ? Promise.resolve() as Safe<void> : engine.loadBalances(active, options)
    },
    retryWallets: engine.retryWalletList,
    discover: engine.discover
  }
}

const keyOf = (query: { readonly registry: boolean; readonly search: string; readonly pages: number }): string => JSON.stringify(query)
