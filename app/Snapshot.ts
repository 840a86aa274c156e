/**
 * What the first chunk (provider, button, hooks) reads before the modal has loaded: the session,
 * the active network and whether the modal is open. A plain store on purpose: `effect/reactivity`
 * pulls Schema and most of Effect (~64 KB gzip), which belongs in the chunk loaded on click. The
 * engine, once loaded, keeps this store in step with its atoms.
 */
import * as AccountList from "../core/AccountList.ts"
import type * as Caip from "../core/Caip.ts"
import type * as Session from "../core/Session.ts"
import type { SignInSession } from "../core/SignInSession.ts"

export interface Snapshot {
  readonly session: Session.SessionState
  /** The active account as a CAIP-10 address (spec §3 caipAddress), formatted by core's Session. */
  readonly caipAddress: Caip.CaipAddress | undefined
  /**
   * The network the host sees (core/Networks' `activeNetworkId`): where the active account's wallet is,
   * else the visitor's preference. The one network id a host reads.
   */
  readonly activeNetworkId: Caip.CaipNetworkId | undefined
  readonly modalOpen: boolean
  /** The active account's sign-in session, once it signed in (or one was found). */
  readonly signInSession: SignInSession | undefined
  /** The active account's registered name (spec §3 profileName), once the visitor has opened the modal. */
  readonly profileName: string | undefined
  /** The registered names of the session's accounts, by address (spec §3 addressLabels), known once the modal opened. */
  readonly addressLabels: Readonly<Record<string, string>>
}

/** The visitor's accounts as a host reads them (the React `useAccount` hook, `createPortico`'s state). */
export interface AccountView {
  readonly isConnected: boolean
  /** The active account's address and namespace. */
  readonly address: string | undefined
  readonly namespace: Session.SessionNamespace | undefined
  readonly caipAddress: Caip.CaipAddress | undefined
  /** The active account's registered name (spec §3 profileName), known once the visitor has opened the modal. */
  readonly profileName: string | undefined
  /** Both accounts: one session may hold an EVM and a Solana account at once. */
  readonly evm: Session.SessionAccount | undefined
  readonly solana: Session.SessionAccount | undefined
  /** Every account the wallets expose (spec §3 allAccounts), EVM then Solana, each in its wallet's order, labelled. */
  readonly allAccounts: ReadonlyArray<AccountList.ListedAccount>
}

export const accountView = (
  { session, caipAddress, profileName, addressLabels }: Pick<Snapshot, "session" | "caipAddress" | "profileName" | "addressLabels">
): AccountView => {
  const active = session.activeNamespace === undefined ? undefined : session[session.activeNamespace]
  return {
    isConnected: active !== undefined,
    address: active?.address,
    namespace: active?.namespace,
    caipAddress,
    profileName: active === undefined ? undefined : profileName,
    evm: session.eip155,
    solana: session.solana,
    allAccounts: AccountList.listed(session, addressLabels)
  }
}

export const initial: Snapshot = {
  session: {},
  caipAddress: undefined,
  activeNetworkId: undefined,
  modalOpen: false,
  signInSession: undefined,
  profileName: undefined,
  addressLabels: {}
}

export interface Store {
  readonly get: () => Snapshot
  readonly update: (patch: Partial<Snapshot>) => void
  readonly subscribe: (listener: () => void) => () => void
}

export const make = (): Store => {
  let current: Snapshot = { ...initial, activeNetworkId: storedActiveNetworkId() }
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    update: (patch) => {
      const next = { ...current, ...patch }
      if (Object.keys(patch).every((key) => next[key as keyof Snapshot] === current[key as keyof Snapshot])) return
      current = next
      listeners.forEach((listener) => listener())
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}

/** The storage key the session lives under (Session.storageKey's name; a test keeps them equal). */
export const sessionStorageName = "@portico/session"

/**
 * Whether a session was stored by an earlier visit: the one reason to load the engine before the
 * visitor clicks (restoring it contacts only the visitor's own wallet).
 */
export const hasStoredSession = (): boolean => {
  try {
    const raw = globalThis.localStorage?.getItem(sessionStorageName)
    return raw !== null && raw !== undefined && raw !== "{}"
  } catch {
    return false
  }
}

/** The storage key of the dapp's WalletConnect state (StorageKey.walletConnectProposals's name; a test keeps them equal). */
export const walletConnectStorageName = "@portico/wc_dapp"

/**
 * Whether a WalletConnect proposal of an earlier load still waits for the wallet (a phone discarded the page
 * while the visitor approved): the engine then loads to take the wallet's answer. A hint read without the
 * engine; the engine reads the state again through its schema.
 */
export const hasWaitingProposal = (nowSeconds = Date.now() / 1000): boolean => {
  try {
    const raw = globalThis.localStorage?.getItem(walletConnectStorageName)
    const kept: unknown = raw === null || raw === undefined ? undefined : JSON.parse(raw)
    const proposals: unknown = typeof kept === "object" && kept !== null && "proposals" in kept ? kept.proposals : undefined
    return Array.isArray(proposals) &&
      proposals.some((proposal: unknown) => typeof proposal === "object" && proposal !== null && "expiry" in proposal && typeof proposal.expiry === "number" && proposal.expiry > nowSeconds)
  } catch {
    return false
  }
}

/** The storage key of the chosen network (StorageKey.activeCaipNetworkId's name; a test keeps them equal). */
export const activeNetworkStorageName = "@portico/active_caip_network_id"

/**
 * The network chosen on an earlier visit, so the host's first render (before any click) shows it
 * rather than the default. Only a string that looks like a CAIP-2 id counts; the engine re-checks it
 * against the configured networks once it loads.
 */
export const storedActiveNetworkId = (): Caip.CaipNetworkId | undefined => {
  try {
    const raw = globalThis.localStorage?.getItem(activeNetworkStorageName)
    const value: unknown = raw === null || raw === undefined ? undefined : JSON.parse(raw)
    return typeof value === "string" && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(value) ? value as Caip.CaipNetworkId : undefined
  } catch {
    return undefined
  }
}
