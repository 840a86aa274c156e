/**
 * What the Account view shows about an account besides its activity: its balances on its network
 * (spec §4 "Token balance", §8 'Token Balance Unavailable') and the profile (name, avatar) of its
 * address. Balances load once per account and network, refresh on demand (after a send, on the
 * wallet's events) bypassing the 30 s cache, and after a failed fetch are not asked again for 30 s:
 * the failure shows the 'Token Balance Unavailable' toast and the view offers no retry until then. An
 * external wallet's EVM account is said to be a smart or a plain account (core/AccountKind.ts).
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Atom from "effect/reactivity/Atom"
import type * as AtomRegistry from "effect/reactivity/AtomRegistry"
import * as AccountKind from "../AccountKind.ts"
import * as Alert from "../Alert.ts"
import { Backend, type AccountOnNetwork, type BackendError } from "../Backend.ts"
import * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import { Connectors } from "../connectors/Connectors.ts"
import * as Constants from "../Constants.ts"
import type * as Identity from "../Identity.ts"
import * as Modal from "../Modal.ts"
import { ChainReads } from "../rpc/ChainReads.ts"
import * as BalanceSource from "../send/BalanceSource.ts"
import type * as Session from "../Session.ts"
import * as TokenBalance from "../TokenBalance.ts"
import { keyOf } from "./Activity.ts"

export type BalancesState =
  | { readonly _tag: "Loading"; readonly previous?: TokenBalance.Balances }
  | { readonly _tag: "Loaded"; readonly balances: TokenBalance.Balances }
  /** `retryAt`: epoch ms from which a new fetch is allowed (spec §4: 30 s after the failure). */
  | { readonly _tag: "Failed"; readonly error: BackendError | Connector.ConnectorFailure; readonly retryAt: number; readonly previous?: TokenBalance.Balances }

export const loading: BalancesState = { _tag: "Loading" }

/** What the view shows while a refresh runs or after it failed: the last balances it had. */
export const shownBalances = (state: BalancesState): TokenBalance.Balances | undefined =>
  state._tag === "Loaded" ? state.balances : state.previous

export class AccountData extends Context.Service<AccountData, {
  /** Balances by `keyOf(account)`. */
  readonly balances: SubscriptionRef.SubscriptionRef<ReadonlyMap<string, BalancesState>>
  /**
   * Loads the account's balances once, or again with `refresh` (bypassing the 30 s cache). Within 30 s
   * of a failure nothing is asked; a failure shows the 'Token Balance Unavailable' toast.
   */
  readonly loadBalances: (account: Session.SessionAccount, options?: { readonly refresh?: boolean }) => Effect.Effect<void>
  readonly identity: (address: string) => Effect.Effect<Identity.Identity, BackendError>
  /** The networks the server's swap venues cover (the Swap button shows only there). */
  readonly swapNetworks: Effect.Effect<ReadonlyArray<string>, BackendError>
  /** Bumped per address each time its profile was read again past the cache: the identity atoms follow it. */
  readonly identityVersions: SubscriptionRef.SubscriptionRef<ReadonlyMap<string, number>>
  /**
   * Reads the address's profile again past its cache (a name was just registered). A failure only leaves
   * the old profile until its cache expires.
   */
  readonly refreshIdentity: (address: string) => Effect.Effect<void>
  /** Whether the account is a smart account on its network: its code read on that network, else its wallet's capabilities. */
  readonly accountType: (account: Session.SessionAccount) => Effect.Effect<AccountKind.AccountKind>
}>()("portico/core/features/AccountData") {
  static readonly layer = Layer.effect(
    AccountData,
    Effect.gen(function*() {
      const backend = yield* Backend
      const connectors = yield* Connectors
      const modal = yield* Modal.Modal
      const chainReads = yield* ChainReads
      const balances = yield* SubscriptionRef.make<ReadonlyMap<string, BalancesState>>(new Map())
      const set = (key: string, state: BalancesState) => SubscriptionRef.update(balances, (all) => new Map(all).set(key, state))

      const loadBalances = Effect.fn("AccountData.loadBalances")(function*(
        account: Session.SessionAccount,
        options: { readonly refresh?: boolean } = {}
      ) {
        const key = keyOf(account)
        const current = (yield* SubscriptionRef.get(balances)).get(key)
        const now = yield* Clock.currentTimeMillis
        if (current?._tag === "Loading") return
        if (current?._tag === "Failed" && now < current.retryAt) return
        if (current?._tag === "Loaded" && options.refresh !== true) return
        const previous = current === undefined ? undefined : shownBalances(current)
        yield* set(key, { _tag: "Loading", ...(previous === undefined ? {} : { previous }) })
        // The wallet's own assets when it discovers them (EIP-7811), else our server's balances (spec §7).
        const client = Option.getOrUndefined(yield* Effect.option(connectors.get(account.connectorId)))
        const service: BalanceSource.BalanceService<BackendError> = {
          fetch: (address, caipNetworkId, { forceUpdate }) =>
            Effect.map(backend.balances({ address, caipNetworkId }, { force: forceUpdate }), (loaded) => loaded.balances),
          iconFor: (symbol) => backend.urls?.tokenImage(symbol) ?? ""
        }
        yield* BalanceSource.fetch(client, service, account.address, account.caipNetworkId as Caip.CaipNetworkId, options.refresh === true ? "manual" : "networkSwitch").pipe(
          Effect.map((list) => new TokenBalance.Balances({ balances: list })),
          Effect.matchEffect({
            onSuccess: (loaded) => set(key, { _tag: "Loaded", balances: loaded }),
            onFailure: (error) =>
              Effect.gen(function*() {
                const failedAt = yield* Clock.currentTimeMillis
                yield* set(key, {
                  _tag: "Failed",
                  error,
                  retryAt: failedAt + Constants.tokenBalanceRetryGateMillis,
                  ...(previous === undefined ? {} : { previous })
                })
                // A host without an API asked for no balances: nothing failed that the visitor should hear of.
                if (error._tag === "BackendRequestError") yield* modal.showToast(Alert.tokenBalanceUnavailableToast)
              })
          })
        )
      })

      const identityVersions = yield* SubscriptionRef.make<ReadonlyMap<string, number>>(new Map())
      const refreshIdentity = (address: string) =>
        Effect.ignore(backend.identity(address, { force: true })).pipe(
          Effect.andThen(SubscriptionRef.update(identityVersions, (all) => new Map(all).set(address, (all.get(address) ?? 0) + 1)))
        )

      const capabilityKind = (account: Session.SessionAccount) => {
        const chainIdHex = `0x${Number(Caip.referenceOf(account.caipNetworkId)).toString(16)}`
        return connectors.get(account.connectorId).pipe(
          Effect.flatMap((client) => client.request({ method: "wallet_getCapabilities", params: [account.address, [chainIdHex]] })),
          Effect.map((answer) => AccountKind.fromCapabilities(answer, chainIdHex)),
          Effect.orElseSucceed((): AccountKind.AccountKind => "eoa")
        )
      }
      const accountType = (account: Session.SessionAccount) =>
        chainReads.on(account.caipNetworkId).pipe(
          Effect.flatMap((read) => read({ method: "eth_getCode", params: [account.address, "latest"] })),
          Effect.map(AccountKind.fromCode),
          Effect.orElseSucceed(() => Option.none<AccountKind.AccountKind>()),
          Effect.flatMap(Option.match({ onSome: Effect.succeed, onNone: () => capabilityKind(account) }))
        )

      return AccountData.of({
        accountType,
        balances,
        loadBalances,
        identity: (address) => backend.identity(address),
        identityVersions,
        refreshIdentity,
        swapNetworks: backend.swapNetworks()
      })
    })
  )
}

/**
 * Families are keyed by strings (object keys would be new on every render) and kept alive: switching
 * tabs or views must not interrupt, and so abort, a fetch in flight; the caches decide freshness.
 */
export const atoms = (data: AccountData["Service"]) => {
  const all = Atom.keepAlive(Atom.subscriptionRef(data.balances))
  const balancesByKey = Atom.family((key: string) => Atom.keepAlive(Atom.make((get) => get(all).get(key) ?? loading)))
  const addresses = new Set<string>()
  const versions = Atom.keepAlive(Atom.subscriptionRef(data.identityVersions))
  // Read again whenever the address's profile was refreshed past its cache.
  const identityByAddress = Atom.family((address: string) =>
    Atom.keepAlive(Atom.make((get) => {
      get(versions).get(address)
      return data.identity(address)
    })))
  const shownAccounts = new Map<string, Session.SessionAccount>()
  // Not kept alive: the Account view reads the account's code again each time it shows it (an upgrade changes it).
  const typeByKey = Atom.family((key: string) => Atom.make(Effect.suspend(() => {
    const account = shownAccounts.get(key)
    return account === undefined ? Effect.never : data.accountType(account)
  })))
  return {
    swapNetworks: Atom.keepAlive(Atom.make(data.swapNetworks)),
    accountType: (account: Session.SessionAccount) => {
      const key = `${account.connectorId}|${keyOf(account)}`
      shownAccounts.set(key, account)
      return typeByKey(key)
    },
    balances: (account: AccountOnNetwork) => balancesByKey(keyOf(account)),
    identity: (address: string) => {
      addresses.add(address)
      return identityByAddress(address)
    },
    /** Asks again for every profile whose fetch failed (the modal reopened after an outage). */
    retryFailedIdentities: (registry: AtomRegistry.AtomRegistry) => {
      for (const address of addresses) {
        const atom = identityByAddress(address)
        if (AsyncResult.isFailure(registry.get(atom))) registry.refresh(atom)
      }
    }
  }
}
