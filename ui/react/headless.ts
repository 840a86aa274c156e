/**
 * Headless hooks: everything the modal's connect and account screens read, for a host that draws its
 * own UI. The engine (and app/Headless.ts with it) loads on a hook's first use, not with the page: mount
 * them in the screen the visitor opens. Only types and these few lines are in the host's first chunk.
 */
import type * as Atom from "effect/reactivity/Atom"
import type * as AtomRegistry from "effect/reactivity/AtomRegistry"
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react"
import type { Engine } from "../../app/Engine.ts"
import type * as Headless from "../../app/Headless.ts"
import type * as HostAccount from "../../core/HostAccount.ts"
import type * as HostConnection from "../../core/HostConnection.ts"
import { usePortico } from "./PorticoContext.ts"

interface Loaded {
  readonly headless: Headless.Headless
  readonly registry: AtomRegistry.AtomRegistry
}

const loadHeadless = async (loadEngine: () => Promise<Engine>): Promise<Loaded> => {
  const [engine, module] = await Promise.all([loadEngine(), import("../../app/Headless.ts")])
  return { headless: module.of(engine), registry: engine.registry }
}

/** The engine's headless parts once loaded; `unavailable` when its chunks did not arrive (`reload` tries again). */
const useHeadless = () => {
  const { loadEngine } = usePortico()
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined)
  const [unavailable, setUnavailable] = useState(false)
  const start = useCallback((isLive: () => boolean) => {
    loadHeadless(loadEngine).then(
      (value) => isLive() && setLoaded(value),
      (cause: unknown) => {
        console.error("Portico could not be loaded", cause)
        if (isLive()) setUnavailable(true)
      }
    )
  }, [loadEngine])
  useEffect(() => {
    let live = true
    start(() => live)
    return () => {
      live = false
    }
  }, [start])
  const reload = useCallback(() => {
    setUnavailable(false)
    start(() => true)
  }, [start])
  return { loaded, unavailable, reload, load: useCallback(() => loadHeadless(loadEngine), [loadEngine]) }
}

const noSubscription = () => () => undefined

/** An atom's value (and its changes) once the engine is there, `fallback` before. */
const useValue = <A>(loaded: Loaded | undefined, atom: Atom.Atom<A> | undefined, fallback: A): A => {
  const subscribe = useCallback(
    (onChange: () => void) => loaded === undefined || atom === undefined ? noSubscription() : loaded.registry.subscribe(atom, onChange),
    [loaded, atom]
  )
  const read = useCallback(() => loaded === undefined || atom === undefined ? fallback : loaded.registry.get(atom), [loaded, atom, fallback])
  return useSyncExternalStore(subscribe, read, () => fallback)
}

export type WalletQuery = Headless.WalletQuery

export interface WalletsView extends Omit<Headless.WalletsState, "status"> {
  /** `loading` also while the engine loads; `unavailable` when it could not be loaded. */
  readonly status: Headless.WalletsState["status"] | "unavailable"
  /** Reads again what failed (registry pages, or the engine itself). */
  readonly retry: () => void
}

const loadingWallets: Headless.WalletsState = { status: "loading", wallets: [], count: 0, hasMore: false }

/**
 * The wallet list the modal shows: installed wallets (EIP-6963, Wallet Standard) with the recent ones
 * first, WalletConnect, and with `registry` the wallet registry (recommended first, `search`, `pages` of 40).
 * Mounting it starts wallet discovery, as opening the modal does. Render `name` as text and `icon` only
 * as an `<img src>`.
 *
 * @example
 * ```tsx
 * const { wallets, status } = useWallets({ registry: true, search })
 * const { connect } = useConnect()
 * wallets.map((wallet) => <button key={wallet.id} onClick={() => connect({ walletId: wallet.id })}>{wallet.name}</button>)
 * ```
 */
export const useWallets = (query: WalletQuery = {}): WalletsView => {
  const { loaded, unavailable, reload } = useHeadless()
  const { registry = false, search = "", pages = 1 } = query
  const atom = useMemo(() => loaded?.headless.wallets({ registry, search, pages }), [loaded, registry, search, pages])
  useEffect(() => {
    if (loaded !== undefined) void loaded.headless.discover()
  }, [loaded])
  const state = useValue(loaded, atom, loadingWallets)
  return useMemo(() => ({
    ...state,
    status: unavailable ? "unavailable" : state.status,
    retry: () => unavailable ? reload() : loaded?.headless.retryWallets()
  }), [state, unavailable, reload, loaded])
}

export type ConnectResult = Headless.ConnectResult | { readonly status: "unavailable" }

export interface ConnectControls {
  /** Connects a wallet of `useWallets` by its id; resolves (never rejects) with how it ended. */
  readonly connect: (options: { readonly walletId: string }) => Promise<ConnectResult>
  /** Stops the attempt in flight and its WalletConnect pairing. */
  readonly cancel: () => Promise<void>
  /** Connects again the wallet of the last attempt. */
  readonly retry: () => Promise<ConnectResult>
}

/**
 * Connects by wallet id through the same engine action as the modal. The result is a union to switch on:
 * `connected` (namespace, address, network), `declined` (the visitor refused: `UserRejectedRequestError`),
 * `failed` (a typed error), `cancelled`, or `unavailable` (Portico's code could not be loaded).
 *
 * @example
 * ```tsx
 * const { connect } = useConnect()
 * const result = await connect({ walletId })
 * if (result.status === "declined") showHint("You declined in your wallet")
 * ```
 */
export const useConnect = (): ConnectControls => {
  const { load } = useHeadless()
  return useMemo(() => {
    const run = (action: (headless: Headless.Headless) => Promise<ConnectResult>): Promise<ConnectResult> =>
      load().then(({ headless }) => action(headless), (cause: unknown) => {
        console.error("Portico could not be loaded", cause)
        return { status: "unavailable" } as const
      })
    return {
      connect: ({ walletId }) => run((headless) => headless.connect(walletId)),
      retry: () => run((headless) => headless.retry()),
      cancel: async () => (await load()).headless.cancel()
    }
  }, [load])
}

export interface ConnectionStateView {
  /**
   * `idle`, `connecting` (WalletConnect reaching its relay), `waitingForApproval` (the browser wallet asks),
   * `pairing` (show `uri` as your QR code, or one of `links`), `declined`, `failed` (a typed `error`), or `connected`.
   */
  readonly state: HostConnection.ConnectionStatus
  readonly cancel: () => Promise<void>
  readonly retry: () => Promise<ConnectResult>
}

const idle: HostConnection.ConnectionStatus = { status: "idle" }

/**
 * The connect attempt as the modal's connecting views see it, for the host's own connecting screen.
 *
 * @example
 * ```tsx
 * const { state, cancel } = useConnectionState()
 * if (state.status === "pairing") return <MyQrCode value={state.uri} />
 * ```
 */
export const useConnectionState = (): ConnectionStateView => {
  const { loaded } = useHeadless()
  const state = useValue(loaded, loaded?.headless.connection, idle)
  const { cancel, retry } = useConnect()
  return useMemo(() => ({ state, cancel, retry }), [state, cancel, retry])
}

export interface AccountDataView {
  /** Undefined while nobody is connected (or the engine loads). */
  readonly data: HostAccount.HostAccount | undefined
  /** Reads the balances again. */
  readonly refresh: () => Promise<void>
}

/**
 * What the Account view's first screen shows: the account and all connected accounts, the profile's name
 * and avatar, the balances with the native one and the portfolio's USD value. Balances are read when it
 * mounts and when the account or its network changes.
 *
 * @example
 * ```tsx
 * const { data } = useAccountData()
 * data === undefined ? null : <p>{data.name ?? data.account.address}: {data.native?.quantity.numeric} {data.native?.symbol}</p>
 * ```
 */
export const useAccountData = (): AccountDataView => {
  const { loaded, load } = useHeadless()
  const data = useValue(loaded, loaded?.headless.account, undefined)
  // Read again for a new account, or the same account on another network.
  const key = data === undefined ? undefined : `${data.account.caipNetworkId}:${data.account.address}`
  useEffect(() => {
    if (loaded !== undefined && key !== undefined) void loaded.headless.loadBalances()
  }, [loaded, key])
  const refresh = useCallback(async () => (await load()).headless.loadBalances({ refresh: true }), [load])
  return useMemo(() => ({ data, refresh }), [data, refresh])
}
