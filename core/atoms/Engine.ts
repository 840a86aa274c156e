/**
 * The engine behind the modal: every core service wired from the host's configuration, exposed to
 * React as atoms (state) and actions (what a click does). Loaded by dynamic import on the first
 * click (or to restore a stored session), so none of this is in the host's first chunk.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Atom from "effect/reactivity/Atom"
import type * as AsyncResult from "effect/reactivity/AsyncResult"
import * as AtomRegistry from "effect/reactivity/AtomRegistry"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { Balances, History, Identity } from "../../http/api/BlockchainApi.ts"
import type { WalletPage } from "../../http/api/WalletApi.ts"
import * as AnalyticsClient from "../../http/client/AnalyticsClient.ts"
import * as CachedQueries from "../../http/client/CachedQueries.ts"
import * as PorticoClient from "../../http/client/PorticoClient.ts"
import type * as Caip from "../Caip.ts"
import * as Connection from "../Connection.ts"
import type * as ConnectionState from "../ConnectionState.ts"
import * as Connector from "../Connector.ts"
import * as Connectors from "../connectors/Connectors.ts"
import * as Eip6963 from "../connectors/Eip6963.ts"
import * as WalletConnect from "../connectors/WalletConnect.ts"
import * as WalletStandard from "../connectors/WalletStandard.ts"
import * as Constants from "../Constants.ts"
import * as Modal from "../Modal.ts"
import * as Networks from "../Networks.ts"
import * as Session from "../Session.ts"
import * as Storage from "../Storage.ts"
import * as Transaction from "../Transaction.ts"
import type * as WalletListEntry from "../WalletListEntry.ts"
import * as Config from "./Config.ts"
import type * as Snapshot from "./Snapshot.ts"

/** The last connect attempt, for the connecting views. */
export type Attempt =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Pending"; readonly connectorId: string }
  | { readonly _tag: "Failed"; readonly connectorId: string; readonly error: Connector.ConnectorFailure | Connector.ConnectorNotFound }

/**
 * The Activity list of one account (spec §3 "Transaction list state"), pages appended as they
 * load. `failed` marks the last fetch as failed: the list is then empty (spec §8 "History").
 */
export interface TransactionList extends Transaction.TransactionListState {
  readonly failed: boolean
}

export const initialTransactionList: TransactionList = { ...Transaction.initial, failed: false }

export interface WalletQuery {
  readonly page: number
  readonly search: string
}

export interface Engine {
  readonly config: PorticoConfigResolved
  /** The registry holding every atom below (created with the engine, in the modal's chunk). */
  readonly registry: AtomRegistry.AtomRegistry
  readonly atoms: {
    readonly modal: Atom.Atom<Modal.ModalState>
    readonly connection: Atom.Atom<ConnectionState.ConnectionState>
    readonly connectors: Atom.Atom<Connectors.ConnectorsState>
    readonly recentWallets: Atom.Atom<ReadonlyArray<WalletListEntry.WalletListEntry>>
    readonly networks: Atom.Atom<Networks.NetworksState>
    readonly session: Atom.Atom<Session.SessionState>
    readonly attempt: Atom.Atom<Attempt>
    /** Balances of an account on its network (absent without an API URL). */
    readonly balances: (account: Session.SessionAccount) => Atom.Atom<AsyncResult.AsyncResult<Balances, unknown>>
    /** The account's transactions on its network, spam dropped; filled by `loadTransactions`. */
    readonly transactions: (account: Session.SessionAccount) => Atom.Atom<TransactionList>
    /** The profile name and avatar of an address (EVM names), cached 5 min. */
    readonly identity: (address: string) => Atom.Atom<AsyncResult.AsyncResult<Identity, unknown>>
    /** One page of the wallet registry, filtered by the configured chains. */
    readonly wallets: (query: WalletQuery) => Atom.Atom<AsyncResult.AsyncResult<WalletPage, unknown>>
  }
  /** Opens on `view` (a host's choice), or on the view the router's rules pick. */
  readonly open: (options?: { readonly view?: Modal.HostView; readonly mobile?: boolean }) => Promise<void>
  readonly close: (options?: { readonly forced?: boolean }) => Promise<void>
  readonly back: () => Promise<void>
  readonly push: (route: Modal.Route) => Promise<void>
  readonly connect: (connectorId: string) => Promise<void>
  readonly cancelConnect: () => Promise<void>
  readonly disconnect: (namespace?: Session.SessionNamespace) => Promise<void>
  readonly switchNetwork: (caipNetworkId: Caip.CaipNetworkId) => Promise<void>
  readonly setActiveNamespace: (namespace: Session.SessionNamespace) => Promise<void>
  readonly showToast: (toast: Modal.Toast) => Promise<void>
  readonly restore: () => Promise<void>
  /** Forwards a request to the wallet holding the account of `namespace` (the host's provider/signer). */
  /** Loads the first page of the account's transactions once, or with `more` the next page. */
  readonly loadTransactions: (account: Session.SessionAccount, options?: { readonly more?: boolean }) => Promise<void>
  /** Milliseconds since the epoch from the engine's Clock (relative times in the views). */
  readonly now: () => number
  readonly request: (namespace: Session.SessionNamespace, args: Connector.RequestArguments) => Promise<unknown>
  /** Whether an `<img src>` may be shown: safe schemes, or the configured wallet service. */
  readonly isImageAllowed: (source: string) => boolean
  /** Absolute URL of a registry image path. */
  readonly imageUrl: (path: string) => string | undefined
  readonly dispose: () => Promise<void>
}

export interface PorticoConfigResolved extends Config.PorticoConfig {
  readonly resolvedFeatures: Config.Features
}

const sdkVersion = "react-portico-0.1.0"

/** No trace headers: they would turn every GET into a CORS preflight against the API. */
const untraced = <A, E>(effect: Effect.Effect<A, E>) => Effect.provideService(effect, HttpClient.TracerPropagationEnabled, false)

const splitKey = (key: string) => {
  const [address = "", caipNetworkId = ""] = key.split("|")
  return { address, caipNetworkId }
}

export const make = async (config: Config.PorticoConfig, snapshot: Snapshot.Store): Promise<Engine> => {
  const registry = AtomRegistry.make()
  const resolved: PorticoConfigResolved = { ...config, resolvedFeatures: Config.features(config) }
  const evmNetworks = config.networks.filter((network) => network.chainNamespace === "eip155")
  const walletConnect = config.projectId === "" || evmNetworks.length === 0
    ? undefined
    : WalletConnect.make({
      projectId: config.projectId,
      metadata: config.metadata,
      networks: evmNetworks.map((network) => ({
        caipNetworkId: network.caipNetworkId,
        rpcUrl: network.rpcUrls.default.http[0] ?? ""
      })),
      ...(config.relayUrl === undefined ? {} : { relayUrl: config.relayUrl })
    })

  const base = Layer.mergeAll(
    Storage.layerBrowser,
    Networks.Networks.layer(config.networks),
    Modal.Modal.layer,
    Connectors.Connectors.layer({ eip6963: Eip6963.watch, walletStandard: WalletStandard.watch, walletConnect })
  )
  const services = Layer.provideMerge(Connection.Connection.layer, Layer.provideMerge(Session.Session.layer, base))
  const runtime = ManagedRuntime.make(services)
  const ctx = await runtime.context()
  const run = <A, E>(effect: Effect.Effect<A, E, Layer.Success<typeof services>>) =>
    Effect.runPromise(Effect.provide(effect, ctx))
  const runExit = <A, E>(effect: Effect.Effect<A, E, Layer.Success<typeof services>>) =>
    Effect.runPromiseExit(Effect.provide(effect, ctx))

  const modal = Context.get(ctx, Modal.Modal)
  const connection = Context.get(ctx, Connection.Connection)
  const connectors = Context.get(ctx, Connectors.Connectors)
  const session = Context.get(ctx, Session.Session)
  const networks = Context.get(ctx, Networks.Networks)

  const walletServiceUrl = config.walletServiceUrl ?? config.apiUrl
  const http = config.apiUrl === undefined
    ? undefined
    : await Effect.runPromise(
      Effect.gen(function*() {
        const client = yield* PorticoClient.make({
          apiUrl: config.apiUrl ?? "",
          ...(walletServiceUrl === undefined ? {} : { walletServiceUrl }),
          projectId: config.projectId,
          sdkVersion
        })
        const analytics = yield* AnalyticsClient.make({
          apiUrl: config.apiUrl ?? "",
          projectId: config.projectId,
          sdkVersion,
          enabled: resolved.resolvedFeatures.analytics,
          page: () => ({ url: globalThis.location?.href ?? "", domain: globalThis.location?.host ?? "" }),
          onAlert: (alert) => void run(modal.showToast({ message: `${alert.title}: ${alert.description}`, variant: "error" }))
        })
        return { client, cached: yield* CachedQueries.make(client), analytics }
      }).pipe(Effect.provide(FetchHttpClient.layer))
    )

  const noApi = Effect.fail(new Error("No API URL configured"))
  /** Analytics is off unless the host turns it on; it never fails or delays what it follows. */
  const track = (event: AnalyticsClient.TrackedEvent) =>
    http === undefined ? Effect.void : Effect.forkDetach(untraced(http.analytics.track(event)))
  const fetchBalances = (account: { readonly address: string; readonly caipNetworkId: string }): Effect.Effect<Balances, unknown> =>
    http === undefined ? noApi : untraced(http.cached.balance(account.address, { chainId: account.caipNetworkId }))
  const fetchHistory = (account: Session.SessionAccount, cursor: string | undefined): Effect.Effect<History, unknown> =>
    http === undefined
      ? noApi
      : untraced(http.client.blockchain.history({
        params: { address: account.address },
        query: { chainId: account.caipNetworkId, ...(cursor === undefined ? {} : { cursor }) }
      }))
  const fetchWallets = (query: WalletQuery): Effect.Effect<WalletPage, unknown> =>
    http === undefined
      ? noApi
      : untraced(http.client.wallets.getWallets({
        query: {
          page: String(query.page),
          entries: String(query.search === "" ? Constants.walletsPageSize : Constants.walletSearchEntries),
          chains: config.networks.map((network) => network.caipNetworkId).join(","),
          ...(query.search === "" ? {} : { search: query.search })
        }
      }))

  // Kept alive: switching tabs or views must not interrupt (and abort) a fetch in flight; the
  // TTL caches behind them decide freshness.
  const balancesByKey = Atom.family((key: string) => Atom.keepAlive(Atom.make(fetchBalances(splitKey(key)))))
  const transactionsByKey = Atom.family((_key: string) => Atom.keepAlive(Atom.make<TransactionList>(initialTransactionList)))
  const transactionsOf = (account: Session.SessionAccount) => transactionsByKey(`${account.address}|${account.caipNetworkId}`)
  const identityByAddress = Atom.family((address: string) =>
    Atom.keepAlive(Atom.make(http === undefined ? noApi : untraced(http.cached.identity(address) as Effect.Effect<Identity, unknown>)))
  )
  const walletsByKey = Atom.family((key: string) => {
    const [page = "1", ...rest] = key.split("|")
    const search = rest.join("|")
    const fetch = fetchWallets({ page: Number(page), search })
    // Kept alive: the view re-reads pages as it scrolls; a page must be fetched once, not per read.
    return Atom.keepAlive(
      Atom.make(search === "" ? fetch : Effect.tap(fetch, () => track({ event: "SEARCH_WALLET", properties: { search } })))
    )
  })

  const attempt = Atom.keepAlive(Atom.make<Attempt>({ _tag: "Idle" }))
  const atoms: Engine["atoms"] = {
    modal: Atom.keepAlive(Atom.subscriptionRef(modal.state)),
    connection: Atom.keepAlive(Atom.subscriptionRef(connection.state)),
    connectors: Atom.keepAlive(Atom.subscriptionRef(connectors.state)),
    recentWallets: Atom.keepAlive(Atom.subscriptionRef(connection.recentWallets)),
    networks: Atom.keepAlive(Atom.subscriptionRef(networks.state)),
    session: Atom.keepAlive(Atom.subscriptionRef(session.state)),
    attempt,
    // Families are keyed by strings: object keys would be new on every render.
    balances: (account) => balancesByKey(`${account.address}|${account.caipNetworkId}`),
    transactions: transactionsOf,
    identity: identityByAddress,
    wallets: (query) => walletsByKey(`${query.page}|${query.search}`)
  }

  // Keep the first chunk's snapshot in step with the services.
  const unsubscribers = [
    registry.subscribe(atoms.session, (value) => snapshot.update({ session: value }), { immediate: true }),
    registry.subscribe(atoms.networks, (value) => snapshot.update({ activeNetworkId: Networks.activeNetworkId(value) }), {
      immediate: true
    }),
    registry.subscribe(atoms.modal, (value) => snapshot.update({ modalOpen: value.open }), { immediate: true })
  ]

  const routerContext = (): Modal.RouterContext => ({
    connected: Session.activeAccount(registry.get(atoms.session)) !== undefined,
    embedded: config.embedded === true
  })

  /** The active account sits on a network the host did not request (all four parts of spec §2). */
  const unsupported = (): boolean => {
    const account = Session.activeAccount(registry.get(atoms.session))
    return account !== undefined &&
      Modal.isUnsupportedChain({
        activeNetworkId: account.caipNetworkId,
        requestedNetworkIds: config.networks.map((network) => network.caipNetworkId),
        networkSwitchingEnabled: config.enableNetworkSwitch !== false,
        allowUnsupportedChain: config.allowUnsupportedChain === true,
        basicMode: config.basicMode === true
      })
  }

  const open: Engine["open"] = (options = {}) =>
    run(Effect.gen(function*() {
      yield* connectors.discover
      const route = options.view !== undefined ? Modal.hostRoute(options.view, routerContext().connected) : {
        view: unsupported() ? "UnsupportedChain" : Modal.openingView({
          connected: routerContext().connected,
          mobile: options.mobile === true,
          hasAdapters: config.networks.length > 0
        })
      }
      yield* modal.open(route)
      yield* track({ event: "MODAL_OPEN", properties: { connected: routerContext().connected } })
    }))

  // A wallet moving to a chain the host did not request brings up UnsupportedChain.
  unsubscribers.push(registry.subscribe(atoms.session, () => {
    const current = registry.get(atoms.modal)
    if (unsupported() && Modal.currentView(current) !== "UnsupportedChain") {
      void run(modal.open({ view: "UnsupportedChain" }))
    }
  }))

  const defaultNetworkOf = (connectorId: string): Caip.CaipNetworkId | undefined => {
    const client = registry.get(atoms.connectors).clients.find((candidate) => candidate.connector.id === connectorId)
    const namespace = client?.connector.chain
    return namespace === undefined ? undefined : registry.get(atoms.networks).activeIds[namespace]
  }

  let current: Fiber.Fiber<Connector.Connected, Connector.ConnectorFailure | Connector.ConnectorNotFound> | undefined

  const stopAttempt = async () => {
    const fiber = current
    current = undefined
    if (fiber !== undefined) await Effect.runPromise(Fiber.interrupt(fiber))
  }

  /**
   * A WalletConnect attempt without a pairing URI after `walletConnectUriTimeoutMillis` could not
   * reach the relay: it fails (and marks `wcError`) rather than loading for ever. Once a URI is
   * shown, the pairing's own expiry rules take over.
   */
  const withRelayDeadline = <A, E>(attemptEffect: Effect.Effect<A, E, Layer.Success<typeof services>>) => {
    const unreachable = new Connector.ConnectorError({
      connectorId: "walletConnect",
      message: "The WalletConnect relay could not be reached"
    })
    const deadline = Effect.gen(function*() {
      yield* Effect.sleep(Constants.walletConnectUriTimeoutMillis)
      if ((yield* SubscriptionRef.get(connection.state)).wcUri !== undefined) return yield* Effect.never
      return yield* Effect.fail(unreachable)
    })
    return Effect.raceFirst(attemptEffect, deadline).pipe(
      // After the race: interrupting the attempt resets the connection state, so mark it here.
      Effect.tapError((error) => error === unreachable ? SubscriptionRef.update(connection.state, Connection.failed) : Effect.void)
    )
  }

  const connect: Engine["connect"] = async (connectorId) => {
    await stopAttempt()
    registry.set(attempt, { _tag: "Pending", connectorId })
    const caipNetworkId = defaultNetworkOf(connectorId)
    const attemptEffect = connection.connect(connectorId, caipNetworkId === undefined ? {} : { caipNetworkId })
    const fiber = Effect.runForkWith(ctx)(connectorId === "walletConnect" ? withRelayDeadline(attemptEffect) : attemptEffect)
    current = fiber
    const exit = await Effect.runPromise(Fiber.await(fiber))
    // Superseded by another attempt or cancelled: that one owns the views now.
    if (current !== fiber) return
    current = undefined
    if (Exit.isSuccess(exit)) {
      registry.set(attempt, { _tag: "Idle" })
      if (unsupported()) return run(modal.open({ view: "UnsupportedChain" }))
      return run(modal.close(routerContext(), { forced: true }))
    }
    const error = Exit.findErrorOption(exit)
    registry.set(attempt, error._tag === "Some" ? { _tag: "Failed", connectorId, error: error.value } : { _tag: "Idle" })
    // A refused or failed connection shakes the modal (spec §4: 500 ms).
    if (error._tag === "Some") await run(modal.shake)
  }

  const loadTransactions: Engine["loadTransactions"] = async (account, options = {}) => {
    const atom = transactionsOf(account)
    const state = registry.get(atom)
    const requested = state.transactions.length > 0 || state.empty
    if (state.loading || (options.more === true ? state.next === undefined : requested)) return
    registry.set(atom, { ...state, loading: true })
    const exit = await Effect.runPromiseExit(fetchHistory(account, options.more === true ? state.next : undefined))
    if (Exit.isFailure(exit)) {
      // Spec §8: 'Failed to fetch transactions' marks the list empty (what loaded before stays).
      registry.set(atom, { transactions: state.transactions, loading: false, empty: true, failed: true })
      return
    }
    // Spec §5: only the connected chain, and no all-spam transactions.
    const transactions = [...state.transactions, ...Transaction.visible(exit.value.data, account.caipNetworkId)]
    registry.set(atom, {
      transactions,
      loading: false,
      empty: transactions.length === 0,
      failed: false,
      ...(exit.value.next === null ? {} : { next: exit.value.next })
    })
  }

  const connectingViews: ReadonlyArray<Modal.View> = ["ConnectingExternal", "ConnectingWalletConnect", "ConnectingWalletConnectBasic"]

  /** Leaving a connecting view abandons its attempt (and a pending pairing with it). */
  const leaveConnecting = async () => {
    const view = Modal.currentView(registry.get(atoms.modal))
    if (view === undefined || !connectingViews.includes(view) || current === undefined) return
    await stopAttempt()
    registry.set(attempt, { _tag: "Idle" })
  }

  const engine: Engine = {
    config: resolved,
    registry,
    atoms,
    open,
    close: async (options) => {
      await leaveConnecting()
      await run(modal.close(routerContext(), options))
    },
    back: async () => {
      await leaveConnecting()
      await run(modal.back(routerContext()))
    },
    push: (route) => run(modal.push(route)),
    connect,
    cancelConnect: async () => {
      await stopAttempt()
      registry.set(attempt, { _tag: "Idle" })
      await run(connection.reset)
    },
    disconnect: (namespace) =>
      run(connection.disconnect(namespace).pipe(
        Effect.tap(() => track({ event: "DISCONNECT_SUCCESS" })),
        Effect.catch((error) =>
          Effect.andThen(track({ event: "DISCONNECT_ERROR" }), modal.showToast({ message: error.message, variant: "error" }))),
        Effect.andThen(Effect.suspend(() =>
          Session.accounts(registry.get(atoms.session)).length === 0 ? modal.close(routerContext(), { forced: true }) : Effect.void
        ))
      )),
    switchNetwork: (caipNetworkId) =>
      run(Effect.gen(function*() {
        const state = yield* SubscriptionRef.get(networks.state)
        const network = Networks.find(state, caipNetworkId)
        if (network === undefined) return yield* modal.showToast({ message: "Network not found", variant: "error" })
        const account = (yield* SubscriptionRef.get(session.state))[network.chainNamespace === "solana" ? "solana" : "eip155"]
        const wallet = account === undefined ? undefined : yield* Effect.option(connectors.get(account.connectorId))
        yield* networks.switchNetwork(network, wallet?._tag === "Some" ? wallet.value : undefined).pipe(
          Effect.tap(() =>
            account === undefined ? Effect.void : session.amend(account.namespace, { caipNetworkId: network.caipNetworkId })
          ),
          Effect.tap(() => modal.goBackTo("Account")),
          Effect.tap(() => track({ event: "SWITCH_NETWORK", properties: { network: network.caipNetworkId } })),
          Effect.catch((error) => Effect.andThen(modal.shake, modal.showToast({ message: error.message, variant: "error" })))
        )
      })),
    setActiveNamespace: (namespace) => run(session.setActive(namespace)),
    showToast: (toast) => run(modal.showToast(toast)),
    restore: () => run(connection.restore),
    loadTransactions,
    now: () => Effect.runSync(Effect.provide(Clock.currentTimeMillis, ctx)),
    request: async (namespace, args) => {
      const account = registry.get(atoms.session)[namespace]
      if (account === undefined) throw { code: 4100, message: "Unauthorized: no account is connected" }
      const client = await run(connectors.get(account.connectorId))
      const exit = await runExit(client.request(args))
      if (Exit.isSuccess(exit)) return exit.value
      const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
      throw failure !== undefined && failure._tag === "Fail" ? failure.error : new Error("Request failed")
    },
    // The configured wallet service is trusted for its own icons (it may be plain http on localhost).
    isImageAllowed: (source) =>
      Connector.isSafeImageSource(source) ||
      (walletServiceUrl !== undefined && source.startsWith(new URL(walletServiceUrl).origin + "/")),
    imageUrl: (path) => walletServiceUrl === undefined ? undefined : new URL(path, walletServiceUrl).toString(),
    dispose: async () => {
      unsubscribers.forEach((unsubscribe) => unsubscribe())
      await runtime.dispose()
      registry.dispose()
    }
  }
  return engine
}
