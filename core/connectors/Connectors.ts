/**
 * The connectors available to this visitor: EIP-6963 wallets and Wallet Standard wallets as they
 * announce themselves, wallets that offer the Multichain API (CAIP-294, or MetaMask's own transport), plus WalletConnect when a
 * project id is configured. Discovery starts on `discover` (when the modal opens or a stored session is
 * restored), never at page load. A wallet that offers the Multichain API is listed once: its EIP-6963
 * entry (same rdns) and its Wallet Standard entry (same name) are not listed beside it, though a session
 * made through them before is still restored through them.
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
  /**
   * The ways wallets that offer the Multichain API are found (CAIP-294 announcements, MetaMask's own
   * transport), one client per wallet; a wallet found by more than one (same rdns) is listed by the first.
   * `unconfirmed` clients are not listed yet (the wallet has not said it offers the API) but a stored
   * session made through them can already be restored through them.
   */
  readonly multichain?: ReadonlyArray<(onChange: (clients: ReadonlyArray<Connector.ConnectorClient>, unconfirmed?: ReadonlyArray<Connector.ConnectorClient>) => void) => () => void> | undefined
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
        const multichainFound: Array<ReadonlyArray<Connector.ConnectorClient>> = (sources.multichain ?? []).map(() => [])
        const multichainUnconfirmed: Array<ReadonlyArray<Connector.ConnectorClient>> = (sources.multichain ?? []).map(() => [])
        let multichain: ReadonlyArray<Connector.ConnectorClient> = []
        let rejected: ReadonlyArray<Eip6963.Rejected> = []
        // Every client, listed or not: a stored session names the connector it was made through.
        let all: ReadonlyArray<Connector.ConnectorClient> = fixed
        // Discovery callbacks arrive from DOM events, outside any fiber; setting the ref is synchronous.
        const publish = () => {
          all = [...multichain, ...multichainUnconfirmed.flat(), ...announced, ...standard, ...fixed]
          Effect.runSync(SubscriptionRef.set(state, { clients: listed(multichain, [...announced, ...standard]).concat(fixed), rejected }))
        }

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
            }),
            ...(sources.multichain ?? []).map((watch, index) =>
              watch((clients, unconfirmed = []) => {
                multichainFound[index] = clients
                multichainUnconfirmed[index] = unconfirmed
                multichain = multichainFound.flat().filter((client, at, found) =>
                  found.findIndex((other) => other.connector.info?.rdns === client.connector.info?.rdns) === at)
                publish()
              }))
          ]
          yield* Effect.addFinalizer(() => Effect.sync(() => stops.forEach((stop) => stop())))
        })

        const scope = yield* Effect.scope
        return Connectors.of({
          state,
          discover: discover.pipe(Effect.provideService(Scope.Scope, scope)),
          get: (id) =>
            Effect.suspend(() => {
              const client = all.find((candidate) => candidate.connector.id === id)
              return client === undefined
                ? Effect.fail(new Connector.ConnectorNotFound({ connectorId: id, message: `No connector ${id}` }))
                : Effect.succeed(client)
            })
        })
      })
    )
}

/** The single-namespace entries of a wallet that offers the Multichain API give way to its one multichain entry. */
export const listed = (
  multichain: ReadonlyArray<Connector.ConnectorClient>,
  single: ReadonlyArray<Connector.ConnectorClient>
): Array<Connector.ConnectorClient> => {
  const rdns = new Set(multichain.map((client) => client.connector.info?.rdns))
  const names = new Set(multichain.map((client) => client.connector.name))
  const sameWallet = (client: Connector.ConnectorClient) =>
    client.connector.type === "ANNOUNCED" ? rdns.has(client.connector.info?.rdns) : client.connector.type === "WALLET_STANDARD" && names.has(client.connector.name)
  return [...multichain, ...single.filter((client) => !sameWallet(client))]
}
