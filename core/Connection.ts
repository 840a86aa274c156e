/**
 * The connection state machine (spec §4 "Connection"): disconnected → connecting → connected,
 * reset, recent wallets and the WalletConnect pairing expiry. It drives any `ConnectorClient`,
 * records the result in `Session` (the one owner of each account's network), and follows the wallet's
 * events afterwards.
 */
import * as Context from "effect/Context"
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as AccountList from "./AccountList.ts"
import * as Address from "./Address.ts"
import type * as Caip from "./Caip.ts"
import * as Connector from "./Connector.ts"
import * as ImageSource from "./ImageSource.ts"
import * as ConnectionState from "./ConnectionState.ts"
import { Connectors } from "./connectors/Connectors.ts"
import * as Constants from "./Constants.ts"
import * as Disconnect from "./Disconnect.ts"
import * as Pairing from "./Pairing.ts"
import * as RecentWallets from "./RecentWallets.ts"
import * as Session from "./Session.ts"
import * as Storage from "./Storage.ts"
import * as StorageKey from "./StorageKey.ts"
import type * as WalletListEntry from "./WalletListEntry.ts"
import type { SignInTemplate } from "./signin/SignInMessage.ts"

export const connecting = (state: ConnectionState.ConnectionState): ConnectionState.ConnectionState => ({
  ...ConnectionState.reset(state),
  wcError: false,
  status: "connecting"
})

/** A pairing URI arrived (WalletConnect): show it until `expiry`. */
export const paired = (state: ConnectionState.ConnectionState, uri: string, expiry: number): ConnectionState.ConnectionState => ({
  ...state,
  wcUri: uri,
  wcPairingExpiry: expiry
})

/** On success the deep link and the recent wallet are stored. */
export const succeeded = (
  state: ConnectionState.ConnectionState,
  result: { readonly linking?: ConnectionState.ConnectionState["wcLinking"]; readonly recentWallet: ConnectionState.RecentWallet }
): ConnectionState.ConnectionState => {
  const { wcUri: _uri, wcPairingExpiry: _expiry, ...rest } = state
  return {
    ...rest,
    ...(result.linking === undefined ? {} : { wcLinking: result.linking }),
    recentWallet: result.recentWallet,
    wcError: false,
    status: "connected"
  }
}

export const failed = (state: ConnectionState.ConnectionState): ConnectionState.ConnectionState => ({
  ...ConnectionState.reset(state),
  wcError: true
})

/** A recent wallet as the list stores it (the registry's entry shape, so both kinds mix). */
export const toListEntry = (wallet: ConnectionState.RecentWallet, rdns: string | undefined): WalletListEntry.WalletListEntry => ({
  id: wallet.id,
  name: wallet.name,
  ...(rdns === undefined ? {} : { rdns })
})

/** Restore waits up to 20 × 50 ms for a stored session's wallet to announce itself. */
const restoreRetryMillis = 50
const restoreRetries = 20

/**
 * Follows connected wallets, one per namespace: new accounts, a new chain (the session records where the
 * wallet is), or the wallet ending the session. Events arrive outside any fiber: `run` runs their updates.
 */
const walletWatch = (session: Session.Session["Service"], run: (effect: Effect.Effect<void>) => unknown) => {
  const watching = new Map<Session.SessionNamespace, () => void>()
  const unwatch = (namespace: Session.SessionNamespace) => {
    watching.get(namespace)?.()
    watching.delete(namespace)
  }
  const onEvent = (namespace: Session.SessionNamespace, event: Connector.ConnectorEvent) =>
    Effect.gen(function*() {
      switch (event._tag) {
        case "AccountsChanged": {
          // No account, or any that is not a valid address (the same check as at connect): the session
          // of that namespace ends. Otherwise the session holds the new list and follows the wallet's pick.
          if (event.accounts.length === 0 || !event.accounts.every((address) => Address.isValid(namespace, address, { strict: true }))) {
            unwatch(namespace)
            return yield* session.forget(namespace)
          }
          return yield* session.follow(namespace, event.accounts)
        }
        case "ChainChanged":
          return yield* session.amend(namespace, { caipNetworkId: event.caipNetworkId })
        case "Disconnected": {
          unwatch(namespace)
          return yield* session.forget(namespace)
        }
        case "DisplayUri":
          return
      }
    })
  const watch = (client: Connector.ConnectorClient, namespace: Session.SessionNamespace) => {
    unwatch(namespace)
    watching.set(namespace, client.subscribe((event) => {
      // A connector serving several namespaces (WalletConnect) says which one an event concerns.
      if ((event._tag === "AccountsChanged" || event._tag === "ChainChanged") && event.namespace !== undefined && event.namespace !== namespace) return
      run(onEvent(namespace, event))
    }))
  }
  return { watch, unwatch }
}

/** One connect attempt; fails with PairingExpired when its URI nears expiry unscanned. */
const attemptOnce = (
  state: SubscriptionRef.SubscriptionRef<ConnectionState.ConnectionState>,
  client: Connector.ConnectorClient,
  options: ConnectOptions
) =>
  Effect.gen(function*() {
    yield* SubscriptionRef.update(state, connecting)
    const uriExpiry = yield* Deferred.make<number>()
    // The URI arrives in a provider callback: run its update with this fiber's services (Clock).
    const run = Effect.runForkWith(yield* Effect.context<never>())
    const stopUri = client.subscribe((event) => {
      if (event._tag !== "DisplayUri") return
      run(Effect.gen(function*() {
        // A pairing made ahead (on a phone, before the tap) keeps the expiry it was made with.
        const expiry = event.expiry ?? (yield* Pairing.makeExpiry)
        yield* SubscriptionRef.update(state, (s) => paired(s, event.uri, expiry))
        yield* Deferred.succeed(uriExpiry, expiry)
      }))
    })
    const expiryWatch = Effect.gen(function*() {
      const expiry = yield* Deferred.await(uriExpiry)
      const now = yield* Clock.currentTimeMillis
      yield* Effect.sleep(Math.max(0, expiry - now - Constants.pairingExpiryThresholdMillis + 1))
      return yield* new PairingExpired({ message: "The pairing URI expired before a wallet scanned it" })
    })
    return yield* client.connect({
      ...(options.caipNetworkId === undefined ? {} : { caipNetworkId: options.caipNetworkId }),
      ...(options.signIn === undefined ? {} : { signIn: options.signIn.template })
    }).pipe(
      Effect.tapError(() => SubscriptionRef.update(state, failed)),
      Effect.onInterrupt(() => SubscriptionRef.update(state, ConnectionState.reset)),
      Effect.raceFirst(expiryWatch),
      Effect.ensuring(Effect.sync(stopUri))
    )
  })

export interface ConnectOptions {
  readonly caipNetworkId?: Caip.CaipNetworkId
  readonly recentWallet?: ConnectionState.RecentWallet
  /** Sign in while connecting (one approval); `signed` receives what the wallet signed, when it did. */
  readonly signIn?: {
    readonly template: SignInTemplate
    readonly signed: (connected: Connector.Connected) => Effect.Effect<void>
  }
}

export class Connection extends Context.Service<Connection, {
  readonly state: SubscriptionRef.SubscriptionRef<ConnectionState.ConnectionState>
  /** At most 2, newest first (spec §4). */
  readonly recentWallets: SubscriptionRef.SubscriptionRef<ReadonlyArray<WalletListEntry.WalletListEntry>>
  /** Connects through one connector; the session then holds its account. */
  readonly connect: (connectorId: string, options?: ConnectOptions) => Effect.Effect<Connector.Connected, Connector.ConnectorFailure | Connector.ConnectorNotFound>
  /** Re-attaches the stored session's accounts without prompting (after a reload). */
  readonly restore: Effect.Effect<void>
  /**
   * Inside a mini-app host that offers a wallet, connects it with no modal and no click, unless the
   * session already holds an EVM account (restored, or connected meanwhile); elsewhere does nothing.
   */
  readonly connectHosted: Effect.Effect<void, Connector.ConnectorFailure | Connector.ConnectorNotFound>
  /** Disconnects one namespace, or every account. */
  readonly disconnect: (namespace?: Session.SessionNamespace) => Effect.Effect<void, Disconnect.DisconnectError>
  readonly reset: Effect.Effect<void>
  readonly isPairingExpired: Effect.Effect<boolean>
}>()("portico/core/Connection") {
  static readonly layer = Layer.effect(
    Connection,
    Effect.gen(function*() {
      const storage = yield* Storage.Storage
      const connectors = yield* Connectors
      const session = yield* Session.Session
      const state = yield* SubscriptionRef.make(ConnectionState.initial)
      const layerScope = yield* Effect.scope
      const recentWallets = yield* SubscriptionRef.make(RecentWallets.normalize(yield* storage.get(StorageKey.recentWallets)))
      // Wallet events arrive outside any fiber: run their updates with this layer's services (Clock).
      const { watch, unwatch } = walletWatch(session, Effect.runForkWith(yield* Effect.context<never>()))

      /** Records a connection in the session, once its accounts pass the one check every connector's do. */
      const attach = (
        client: Connector.ConnectorClient,
        connected: Connector.Connected,
        /** The account chosen before (a restored session): active again when the wallet still lists it. */
        preferred?: Session.SessionState
      ): Effect.Effect<void, Connector.ConnectorFailure> =>
        Effect.gen(function*() {
          // The same authorisation granted accounts of other namespaces too: each joins the session,
          // before the primary one, which the page then has active.
          for (const other of connected.also ?? []) yield* attach(client, other, preferred)
          const result = yield* Connector.validateConnected(client.connector.id, connected)
          const namespace = result.namespace
          const allAccounts = AccountList.ordered(namespace, result.accounts)
          const before = Session.isSessionNamespace(namespace) ? preferred?.[namespace]?.address : undefined
          const address = AccountList.active(namespace, allAccounts, before)
          if (!Session.isSessionNamespace(namespace) || address === undefined) {
            return yield* new Connector.ConnectorError({
              connectorId: client.connector.id,
              message: `Portico connects eip155 and solana accounts, not ${namespace}`
            })
          }
          // The wallet behind the connector (WalletConnect's peer) names the account; its icon only from a safe source.
          const icon = result.wallet?.icon !== undefined && ImageSource.isSafeImageSource(result.wallet.icon)
            ? result.wallet.icon
            : result.wallet === undefined ? client.connector.imageUrl : undefined
          // A wallet that signs for one account at a time (Wallet Standard) is told which one is active.
          if (client.selectAccount !== undefined && address !== allAccounts[0]) yield* client.selectAccount(namespace, address)
          yield* session.connected({
            namespace,
            address,
            allAccounts,
            caipNetworkId: result.caipNetworkId,
            connectorId: client.connector.id,
            connectorName: result.wallet?.name ?? client.connector.name,
            connectorType: client.connector.type,
            ...(icon === undefined ? {} : { connectorImageUrl: icon })
          })
          watch(client, namespace)
        })

      const remember = (wallet: WalletListEntry.WalletListEntry) =>
        Effect.gen(function*() {
          const next = RecentWallets.add(yield* SubscriptionRef.get(recentWallets), wallet)
          yield* SubscriptionRef.set(recentWallets, next)
          yield* storage.set(StorageKey.recentWallets, next).pipe(Effect.ignore)
        })

      const connect = (connectorId: string, options: ConnectOptions = {}) =>
        Effect.gen(function*() {
          const client = yield* connectors.get(connectorId)
          const result = yield* attemptOnce(state, client, options).pipe(
            // A pairing URI nobody scanned in time is replaced by a fresh one (spec §4 pairing expiry).
            Effect.retry({ while: (error) => error._tag === "PairingExpired" })
          )
          // Handed over before the account joins the session, which is what starts sign-in.
          if (options.signIn !== undefined && result.signedIn !== undefined) yield* options.signIn.signed(result)
          yield* attach(client, result)
          const recentWallet: ConnectionState.RecentWallet = options.recentWallet ?? {
            id: client.connector.id,
            name: result.wallet?.name ?? client.connector.name,
            ...(client.connector.imageUrl === undefined ? {} : { imageUrl: client.connector.imageUrl })
          }
          yield* remember(toListEntry(recentWallet, client.connector.info?.rdns))
          yield* SubscriptionRef.update(state, (s) =>
            succeeded(s, {
              recentWallet,
              ...(result.linking === undefined ? {} : { linking: { name: client.connector.name, href: result.linking } })
            }))
          return result
        })

      /** A connection asked for before a phone discarded the page connects once the wallet's answer comes (a refused one leaves the visitor free to try again). */
      const resumeDiscarded = Effect.gen(function*() {
        for (const client of (yield* SubscriptionRef.get(connectors.state)).clients) {
          const resumed = client.resume === undefined ? undefined : yield* client.resume
          if (resumed === undefined) continue
          yield* attach(client, resumed)
          yield* SubscriptionRef.update(state, (s): ConnectionState.ConnectionState => ({ ...s, status: "connected" }))
        }
      }).pipe(Effect.catch(() => Effect.void))

      const restore = Effect.gen(function*() {
        yield* Effect.forkIn(resumeDiscarded, layerScope)
        const stored = yield* session.stored
        if (Session.accounts(stored).length === 0) return
        yield* connectors.discover
        for (const account of Session.accounts(stored)) {
          yield* connectors.get(account.connectorId).pipe(
            // A wallet may announce itself a moment after the page asks: give it a second.
            Effect.retry({ schedule: Schedule.spaced(restoreRetryMillis), times: restoreRetries }),
            Effect.flatMap((client) =>
              client.reconnect({ caipNetworkId: account.caipNetworkId }).pipe(Effect.flatMap((result) => attach(client, result, stored)))
            ),
            // The wallet is gone or no longer grants the account: forget it rather than fail the page.
            Effect.catch(() => session.forget(account.namespace))
          )
        }
        if (stored.activeNamespace !== undefined) yield* session.setActive(stored.activeNamespace)
        if (Session.accounts(yield* SubscriptionRef.get(session.state)).length > 0) {
          yield* SubscriptionRef.update(state, (s): ConnectionState.ConnectionState => ({ ...s, status: "connected" }))
        }
      })

      const disconnect = (namespace?: Session.SessionNamespace) =>
        Effect.gen(function*() {
          const current = yield* SubscriptionRef.get(session.state)
          const targets = Session.accounts(current).filter((account) => namespace === undefined || account.namespace === namespace)
          let failedAny = false
          for (const account of targets) {
            unwatch(account.namespace)
            yield* connectors.get(account.connectorId).pipe(
              Effect.flatMap((client) => client.release === undefined ? client.disconnect : client.release(account.namespace)),
              Effect.catch(() =>
                Effect.sync(() => {
                  failedAny = true
                })
              )
            )
            // Our side forgets the account even when the wallet refused to end its session.
            yield* session.forget(account.namespace)
          }
          if (Session.accounts(yield* SubscriptionRef.get(session.state)).length === 0) yield* SubscriptionRef.update(state, ConnectionState.reset)
          if (!failedAny) return
          // Spec §8: one connector refusing, or disconnecting every chain at once failing somewhere.
          return yield* namespace === undefined ? new Disconnect.DisconnectChainsFailedError() : new Disconnect.DisconnectFailedError()
        })

      return Connection.of({
        state,
        recentWallets,
        connect,
        restore,
        connectHosted: connectHosted(connectors, session, connect),
        disconnect,
        reset: SubscriptionRef.update(state, ConnectionState.reset),
        isPairingExpired: Effect.flatMap(SubscriptionRef.get(state), (s) => Pairing.isExpired(s.wcPairingExpiry))
      })
    })
  )
}

/** The mini-app host's wallet connected unless the session already holds an EVM account (Connection.connectHosted). */
const connectHosted = <E>(
  connectors: Connectors["Service"],
  session: Session.Session["Service"],
  connect: (connectorId: string) => Effect.Effect<unknown, E>
): Effect.Effect<void, E> =>
  Effect.gen(function*() {
    const hosted = yield* connectors.hosted
    if (Option.isNone(hosted) || (yield* SubscriptionRef.get(session.state)).eip155 !== undefined) return
    yield* connect(hosted.value.connector.id)
  })

/** Internal: a pairing URI reached its expiry unscanned; the connect attempt restarts with a new one. */
export class PairingExpired extends Schema.TaggedError<PairingExpired>()("PairingExpired", {
  message: Schema.String
}) {}
