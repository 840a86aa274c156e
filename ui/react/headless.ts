/**
 * Headless hooks: everything the modal's connect and account screens read, for a host that draws its
 * own UI. The engine (and app/Headless.ts with it) loads on a hook's first use, not with the page: mount
 * them in the screen the visitor opens. Only types and these few lines are in the host's first chunk.
 */
import type * as Atom from "effect/reactivity/Atom"
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react"
import type { Engine } from "../../app/Engine.ts"
import type { Safe } from "../../app/Action.ts"
import type * as Headless from "../../app/Headless.ts"
import type * as HostAccount from "../../core/HostAccount.ts"
import type * as HostConnection from "../../core/HostConnection.ts"
import { usePortico } from "./PorticoContext.ts"

/** The engine's headless parts; a failed load is forgotten, so the next use tries again. */
const loadHeadless = (loadEngine: () => Promise<Engine>): Promise<Headless.Headless> =>
  Promise.all([loadEngine(), import("../../app/Headless.ts")]).then(([engine, module]) => module.of(engine))

/**
 * An atom of the headless parts (`select`, made again when `key` changes), `fallback` until they are
 * loaded; `unavailable` when Portico's code could not be loaded (`reload` tries again).
 */
const useHeadless = <A>(select: (headless: Headless.Headless) => Atom.Atom<A>, fallback: A, key = "") => {
  const { loadEngine } = usePortico()
  const [loaded, setLoaded] = useState<Headless.Headless | false | undefined>(undefined)
  // Cannot reject: a failure becomes the `unavailable` state.
  const reload = useCallback(() => loadHeadless(loadEngine).then(setLoaded, (cause: unknown) => {
    console.error("Portico could not be loaded", cause)
    setLoaded(false)
  }) as Safe<void>, [loadEngine])
  useEffect(() => {
    void reload()
  }, [reload])
  const headless = loaded === false ? undefined : loaded
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- `select` is fixed per hook; what it reads is in `key`
  const atom = useMemo(() => headless === undefined ? undefined : select(headless), [headless, key])
  const value = useSyncExternalStore(
    useCallback((onChange: () => void) => headless === undefined || atom === undefined ? () => undefined : headless.registry.subscribe(atom, onChange), [headless, atom]),
    () => headless === undefined || atom === undefined ? fallback : headless.registry.get(atom),
    () => fallback
  )
  return { headless, unavailable: loaded === false, value, reload }
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
  const { registry = false, search = "", pages = 1 } = query
  const { headless, unavailable, value, reload } = useHeadless((parts) => parts.wallets({ registry, search, pages }), loadingWallets, `${registry}|${pages}|${search}`)
  useEffect(() => {
    if (headless !== undefined) void headless.discover()
  }, [headless])
  return useMemo(() => ({
    ...value,
    status: unavailable ? "unavailable" : value.status,
    retry: () => void (unavailable ? reload() : headless?.retryWallets())
  }), [value, unavailable, reload, headless])
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
  const { loadEngine } = usePortico()
  return useMemo(() => {
    const run = (action: (headless: Headless.Headless) => Promise<ConnectResult>): Promise<ConnectResult> =>
      loadHeadless(loadEngine).then(action, (cause: unknown) => {
        console.error("Portico could not be loaded", cause)
        return { status: "unavailable" } as const
      })
    return {
      connect: ({ walletId }) => run((headless) => headless.connect(walletId)),
      retry: () => run((headless) => headless.retry()),
      cancel: async () => (await loadHeadless(loadEngine)).cancel()
    }
  }, [loadEngine])
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
  const state = useHeadless((headless) => headless.connection, idle).value
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
  const { headless, value: data } = useHeadless((parts) => parts.account, undefined)
  // Read again for a new account, or the same account on another network.
  const key = data === undefined ? undefined : `${data.account.caipNetworkId}:${data.account.address}`
  useEffect(() => {
    if (headless !== undefined && key !== undefined) void headless.loadBalances()
  }, [headless, key])
  const { loadEngine } = usePortico()
  const refresh = useCallback(async () => (await loadHeadless(loadEngine)).loadBalances({ refresh: true }), [loadEngine])
  return useMemo(() => ({ data, refresh }), [data, refresh])
}
