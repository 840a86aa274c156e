/**
 * The connectors available to this visitor: EIP-6963 wallets and Wallet Standard wallets as they
 * announce themselves, plus WalletConnect when a project id is configured. Discovery starts on
 * `discover` (when the modal opens or a stored session is restored), never at page load.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Connector from "../Connector.ts"
import * as Eip6963 from "./Eip6963.ts"

export interface ConnectorsState {
  readonly clients: ReadonlyArray<Connector.ConnectorClient>
  /** EIP-6963 announcements refused (bad info, duplicate uuid…), for diagnostics and tests. */
  readonly rejected: ReadonlyArray<Eip6963.Rejected>
}

export interface Sources {
  /** Each source calls back with its current list; returns its stop function. */
  readonly eip6963: (onChange: (discovery: Eip6963.Discovery) => void) => () => void
  readonly walletStandard: (onChange: (clients: ReadonlyArray<Connector.ConnectorClient>) => void) => () => void
  /** The WalletConnect client, when configured. Built lazily: its package loads on first use. */
  readonly walletConnect: Connector.ConnectorClient | undefined
  /** The embedded wallet (email and social login), when configured. Its frame loads on first use. */
  readonly embedded?: Connector.ConnectorClient | undefined
}

export class Connectors extends Context.Service<Connectors, {
  readonly state: SubscriptionRef.SubscriptionRef<ConnectorsState>
  /** Starts listening for wallets; idempotent. Stops when the layer's scope closes. */
  readonly discover: Effect.Effect<void>
  readonly get: (id: string) => Effect.Effect<Connector.ConnectorClient, Connector.ConnectorNotFound>
}>()("portico/core/connectors/Connectors") {
  static readonly layer = (sources: Sources) =>
    Layer.effect(
      Connectors,
      Effect.gen(function*() {
        const fixed = [sources.walletConnect, sources.embedded].filter((client) => client !== undefined)
        const state = yield* SubscriptionRef.make<ConnectorsState>({ clients: fixed, rejected: [] })
        const started = yield* Ref.make(false)
        let announced: ReadonlyArray<Connector.ConnectorClient> = []
        let standard: ReadonlyArray<Connector.ConnectorClient> = []
        let rejected: ReadonlyArray<Eip6963.Rejected> = []
        // Discovery callbacks arrive from DOM events, outside any fiber; setting the ref is synchronous.
        const publish = () =>
          Effect.runSync(SubscriptionRef.set(state, { clients: [...announced, ...standard, ...fixed], rejected }))

        const discover = Effect.gen(function*() {
          if (yield* Ref.getAndSet(started, true)) return
          const stops = [
            sources.eip6963((discovery) => {
              announced = discovery.wallets.map((wallet) => wallet.client)
              rejected = discovery.rejected
              publish()
            }),
            sources.walletStandard((clients) => {
              standard = clients
              publish()
            })
          ]
          yield* Effect.addFinalizer(() => Effect.sync(() => stops.forEach((stop) => stop())))
        })

        const scope = yield* Effect.scope
        return Connectors.of({
          state,
          discover: discover.pipe(Effect.provideService(Scope.Scope, scope)),
          get: (id) =>
            Effect.flatMap(SubscriptionRef.get(state), ({ clients }) => {
              const client = clients.find((candidate) => candidate.connector.id === id)
              return client === undefined
                ? Effect.fail(new Connector.ConnectorNotFound({ connectorId: id, message: `No connector ${id}` }))
                : Effect.succeed(client)
            })
        })
      })
    )
}
