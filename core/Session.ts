/**
 * One visitor session holding an EVM and a Solana account at once (each from its own connector),
 * persisted so a reload restores it, and cleared by disconnect. Each account's network is held here
 * and nowhere else: written by the connection's result, the wallet's chain events, and the network a
 * switch actually landed on.
 *
 * Restore rule: the stored session is only a hint. Each account is re-attached through its
 * connector without a prompt (`reconnect`); an account the wallet no longer grants is dropped.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as AccountList from "./AccountList.ts"
import * as Caip from "./Caip.ts"
import * as Connector from "./Connector.ts"
import * as Storage from "./Storage.ts"
import * as StorageKey from "./StorageKey.ts"

export const SessionNamespace = Schema.Literals(["eip155", "solana"])
export type SessionNamespace = typeof SessionNamespace.Type

export const SessionAccount = Schema.Struct({
  namespace: SessionNamespace,
  /** The active account: one of `allAccounts`. */
  address: Schema.String,
  /** Every account the wallet exposes in this namespace, in the wallet's order (spec §3 allAccounts). */
  allAccounts: Schema.Array(Schema.String),
  caipNetworkId: Caip.CaipNetworkId,
  connectorId: Schema.String,
  connectorName: Schema.String,
  connectorType: Connector.ConnectorType,
  connectorImageUrl: Schema.optionalKey(Schema.String)
})
export type SessionAccount = typeof SessionAccount.Type

export const SessionState = Schema.Struct({
  eip155: Schema.optionalKey(SessionAccount),
  solana: Schema.optionalKey(SessionAccount),
  activeNamespace: Schema.optionalKey(SessionNamespace)
})
export type SessionState = typeof SessionState.Type

export const empty: SessionState = {}

export const isSessionNamespace = Schema.is(SessionNamespace)

/** The account of the active namespace. */
export const activeAccount = (state: SessionState): SessionAccount | undefined =>
  state.activeNamespace === undefined ? undefined : state[state.activeNamespace]

export const accounts = (state: SessionState): ReadonlyArray<SessionAccount> =>
  [state.eip155, state.solana].filter((account): account is SessionAccount => account !== undefined)

export const caipAddress = (account: SessionAccount): Caip.CaipAddress =>
  `${account.namespace}:${Caip.referenceOf(account.caipNetworkId)}:${account.address}`

/** Adds (or replaces) the account of its namespace and makes that namespace active. */
export const add = (state: SessionState, account: SessionAccount): SessionState => ({
  ...state,
  [account.namespace]: account,
  activeNamespace: account.namespace
})

/** Drops one namespace's account; the other one (if any) becomes active. */
export const remove = (state: SessionState, namespace: SessionNamespace): SessionState => {
  const other: SessionNamespace = namespace === "eip155" ? "solana" : "eip155"
  const rest = accounts(state).filter((account) => account.namespace !== namespace)
  const next: SessionState = Object.fromEntries(rest.map((account) => [account.namespace, account]))
  return rest.length === 0 ? empty : { ...next, activeNamespace: state[other] === undefined ? rest[0]!.namespace : other }
}

/** Updates the network of one namespace's account (a wallet event, where a switch landed). */
export const amend = (
  state: SessionState,
  namespace: SessionNamespace,
  change: Pick<SessionAccount, "caipNetworkId">
): SessionState => {
  const account = state[namespace]
  return account === undefined ? state : { ...state, [namespace]: { ...account, ...change } }
}

/**
 * The wallet's own account list changed (`accountsChanged`, a Wallet Standard change): the session holds
 * the new list and follows the wallet to its first (selected) account.
 */
export const follow = (state: SessionState, namespace: SessionNamespace, addresses: ReadonlyArray<string>): SessionState => {
  const account = state[namespace]
  const allAccounts = AccountList.ordered(namespace, addresses)
  const address = allAccounts[0]
  return account === undefined || address === undefined ? state : { ...state, [namespace]: { ...account, address, allAccounts } }
}

/** Makes one of the namespace's listed accounts the active one; an address the wallet did not list changes nothing. */
export const select = (state: SessionState, namespace: SessionNamespace, address: string): SessionState => {
  const account = state[namespace]
  const listed = account === undefined ? undefined : AccountList.find(namespace, account.allAccounts, address)
  return account === undefined || listed === undefined ? state : { ...state, [namespace]: { ...account, address: listed } }
}

export const setActive = (state: SessionState, namespace: SessionNamespace): SessionState =>
  state[namespace] === undefined ? state : { ...state, activeNamespace: namespace }

/** Storage key of the two-account session (restored after a reload). */
export const storageKey = StorageKey.make("session", SessionState, empty)

/** Cached login data deleted by a full disconnect (spec §4 "Disconnect signs out…"). */
export const loginKeys: ReadonlyArray<StorageKey.StorageKey<unknown>> = [
  storageKey,
  StorageKey.walletId,
  StorageKey.walletName,
  StorageKey.connectedSocial,
  StorageKey.connectedSocialUsername,
  StorageKey.emailLogin
]

export class Session extends Context.Service<Session, {
  readonly state: SubscriptionRef.SubscriptionRef<SessionState>
  /** Records a successful connection and persists it. */
  readonly connected: (account: SessionAccount) => Effect.Effect<void>
  readonly amend: (namespace: SessionNamespace, change: Pick<SessionAccount, "caipNetworkId">) => Effect.Effect<void>
  readonly setActive: (namespace: SessionNamespace) => Effect.Effect<void>
  /** The wallet's account list changed: hold it and follow its selected account. */
  readonly follow: (namespace: SessionNamespace, addresses: ReadonlyArray<string>) => Effect.Effect<void>
  /** Makes one of the listed accounts of `namespace` the active one. */
  readonly select: (namespace: SessionNamespace, address: string) => Effect.Effect<void>
  /** Forgets one namespace, or the whole session, in memory and in storage. */
  readonly forget: (namespace?: SessionNamespace) => Effect.Effect<void>
  /** What storage holds, without contacting any wallet. */
  readonly stored: Effect.Effect<SessionState>
}>()("portico/core/Session") {
  static readonly layer = Layer.effect(
    Session,
    Effect.gen(function*() {
      const storage = yield* Storage.Storage
      const state = yield* SubscriptionRef.make<SessionState>(empty)
      // A browser refusing to persist (quota, privacy mode) must not break the connection itself.
      const persist = Effect.gen(function*() {
        const current = yield* SubscriptionRef.get(state)
        const active = activeAccount(current)
        if (active === undefined) {
          yield* Effect.forEach(loginKeys, (key) => storage.remove(key), { discard: true })
          return yield* storage.set(StorageKey.connectionStatus, "disconnected")
        }
        yield* storage.set(storageKey, current)
        yield* storage.set(StorageKey.walletId, active.connectorId)
        yield* storage.set(StorageKey.walletName, active.connectorName)
        yield* storage.set(StorageKey.connectionStatus, "connected")
      }).pipe(Effect.ignore)
      const change = (f: (s: SessionState) => SessionState) =>
        SubscriptionRef.update(state, f).pipe(Effect.andThen(persist))
      return Session.of({
        state,
        connected: (account) => change((s) => add(s, account)),
        amend: (namespace, patch) => change((s) => amend(s, namespace, patch)),
        setActive: (namespace) => change((s) => setActive(s, namespace)),
        follow: (namespace, addresses) => change((s) => follow(s, namespace, addresses)),
        select: (namespace, address) => change((s) => select(s, namespace, address)),
        forget: (namespace) => change((s) => namespace === undefined ? empty : remove(s, namespace)),
        stored: storage.get(storageKey)
      })
    })
  )
}
