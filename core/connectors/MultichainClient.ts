/**
 * A wallet that offers the Multichain API as one connector for both namespaces: connecting is one
 * `wallet_createSession` (one approval) whose checked scopes put EVM and Solana accounts into the
 * session at once; every request is a `wallet_invokeMethod` on the scope of the account's network;
 * `wallet_sessionChanged` and `wallet_notify` move accounts and networks; a reload reads the session back
 * with `wallet_getSession` (no prompt); disconnecting revokes it (`wallet_revokeSession`). The checks and
 * the Solana encoding load with the first session, never before the visitor picks the wallet.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Caip from "../Caip.ts"
import * as Connector from "../Connector.ts"
import * as RpcCode from "../RpcCode.ts"
import type * as SessionScopes from "../multichain/SessionScopes.ts"
import type { Channel } from "./MultichainChannel.ts"
import * as Eip1193 from "./Eip1193.ts"
import * as SolanaSigner from "./SolanaSigner.ts"

export { channel } from "./Caip294Channel.ts"

type Namespace = "eip155" | "solana"

interface Live {
  readonly connections: Map<string, Connector.Connected>
  readonly scopes: ReadonlyMap<Namespace, ReadonlyArray<Caip.CaipNetworkId>>
}

const attempt = <A>(evaluate: () => Promise<A>) => Effect.tryPromise({ try: evaluate, catch: Connector.failure })

export const make = (connector: Connector.Connector, channel: Channel, networks: ReadonlyArray<Caip.CaipNetworkId>): Connector.ConnectorClient => {
  const listeners = new Set<(event: Connector.ConnectorEvent) => void>()
  const emit = (event: Connector.ConnectorEvent) => {
    for (const listener of listeners) listener(event)
  }
  const fail = (message: string) => new Connector.ConnectorError({ connectorId: connector.id, message })
  let live: Live | undefined
  let scopesModule: typeof SessionScopes | undefined
  const load = attempt(() => import("../multichain/SessionScopes.ts")).pipe(Effect.tap((module) => Effect.sync(() => {
    scopesModule = module
  })))

  const onNetworks = () => [...(live?.connections.values() ?? [])].map((connection) => connection.caipNetworkId)
  const adopt = (granted: SessionScopes.Granted) => {
    live = { connections: new Map(granted.connections.map((connection) => [connection.namespace, connection])), scopes: granted.scopes }
  }
  const revokeQuietly = channel.request("wallet_revokeSession", {}).pipe(Effect.ignore)

  /** The wallet's answer checked against the scopes asked for; a refused one is revoked so no half-session stays. */
  const checked = (answer: unknown, preferred: ReadonlyArray<Caip.CaipNetworkId>) =>
    Effect.flatMap(load, (module) =>
      module.grantedOfAnswer(connector.id, answer, networks, preferred).pipe(
        Effect.tapError(() => revokeQuietly),
        Effect.tap((granted) => Effect.sync(() => adopt(granted)))
      ))

  const connect = (options: Connector.ConnectOptions) =>
    Effect.gen(function*() {
      const module = yield* load
      const answer = yield* channel.request("wallet_createSession", module.sessionRequest(networks))
      const [primary, ...others] = (yield* checked(answer, options.caipNetworkId === undefined ? [] : [options.caipNetworkId])).connections
      if (primary === undefined) return yield* fail("The wallet approved no account")
      return others.length === 0 ? primary : { ...primary, also: others }
    })

  /** The session the wallet keeps for this page, read without a prompt; the connection of the namespace asked for. */
  const reconnect = (options: Connector.ConnectOptions) =>
    Effect.gen(function*() {
      const module = yield* load
      const answer = yield* channel.request("wallet_getSession", {})
      if (module.isEmpty(answer)) return yield* fail("The wallet keeps no session for this page")
      const granted = yield* checked(answer, options.caipNetworkId === undefined ? [] : [options.caipNetworkId])
      const namespace = options.caipNetworkId === undefined ? undefined : Caip.namespaceOf(options.caipNetworkId)
      const connection = granted.connections.find((candidate) => candidate.namespace === namespace) ?? granted.connections[0]
      return connection === undefined ? yield* fail("The wallet keeps no session for this page") : connection
    })

  const connectionOf = (namespace: string) =>
    Effect.suspend(() => {
      const connection = live?.connections.get(namespace)
      return connection === undefined ? Effect.fail(fail(`The session has no ${namespace} account`)) : Effect.succeed(connection)
    })

  /** CAIP-27: one request on one scope of the session. */
  const invoke = (scope: Caip.CaipNetworkId, method: string, params: unknown) =>
    channel.request("wallet_invokeMethod", { scope, request: params === undefined ? { method } : { method, params } })

  const solanaRequest = (method: string, params: Record<string, unknown>) =>
    Effect.gen(function*() {
      const solana = yield* connectionOf("solana")
      const address = solana.accounts[0]
      if (address === undefined) return yield* fail("The session has no solana account")
      const encoding = yield* attempt(() => import("../multichain/SolanaInvocations.ts"))
      return yield* encoding.request(method, params, {
        address,
        scope: solana.caipNetworkId,
        invoke: (name, wire) => invoke(solana.caipNetworkId, name, wire),
        fail
      })
    })

  const disconnect = Effect.suspend(() => {
    if (live === undefined) return Effect.void
    live = undefined
    return Effect.asVoid(channel.request("wallet_revokeSession", {}))
  })

  const notified = notificationHandler({ emit, get: () => live, end: () => { live = undefined }, module: () => scopesModule, networks, onNetworks, connectorId: connector.id })
  channel.onNotification(notified)

  return {
    connector,
    connect,
    reconnect,
    disconnect,
    // One namespace of the session: our side lets it go; the session is revoked with the last one.
    release: (namespace) =>
      Effect.suspend(() => {
        live?.connections.delete(namespace)
        return live?.connections.size === 0 ? disconnect : Effect.void
      }),
    accounts: Effect.sync(() => (live?.connections.get("eip155") ?? live?.connections.get("solana"))?.accounts ?? []),
    chain: Effect.flatMap(Effect.sync(() => live?.connections.get("eip155") ?? live?.connections.get("solana")), (primary) =>
      primary === undefined ? Effect.fail(fail("The wallet is not connected")) : Effect.succeed(primary.caipNetworkId)),
    selectAccount: (namespace, address) => SolanaSigner.select(live?.connections, namespace, address, fail),
    // The session already grants every scope it lists: the page moves there without asking the wallet.
    switchChain: (network) =>
      Effect.map(connectionOf(network.chainNamespace), (connection) => {
        const granted = live?.scopes.get(connection.namespace as Namespace) ?? []
        if (!granted.includes(network.caipNetworkId)) return connection.caipNetworkId
        live?.connections.set(connection.namespace, { ...connection, caipNetworkId: network.caipNetworkId })
        return network.caipNetworkId
      }),
    request: ({ method, params }) => {
      // EIP-1193 params are an array or an object; anything else never reaches the wallet.
      if (params !== undefined && (typeof params !== "object" || params === null)) {
        return Effect.fail(Connector.failure({ code: RpcCode.table.InvalidParams.code, message: "Request params must be an array or an object" }))
      }
      if (method.startsWith("solana_")) return solanaRequest(method, (params ?? {}) as Record<string, unknown>)
      return Effect.flatMap(connectionOf("eip155"), (evm) => invoke(evm.caipNetworkId, method, params))
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}

/**
 * The wallet's notifications as connector events. `wallet_sessionChanged` carries the session's scopes
 * (checked as at connection: a wallet that widens them ends the session); `wallet_notify` an event of
 * one granted scope: `accountsChanged` (addresses, bare or CAIP-10) or `chainChanged` (to another granted scope).
 */
const notificationHandler = (context: {
  readonly emit: (event: Connector.ConnectorEvent) => void
  readonly get: () => Live | undefined
  readonly end: () => void
  readonly module: () => typeof SessionScopes | undefined
  readonly networks: ReadonlyArray<Caip.CaipNetworkId>
  readonly onNetworks: () => ReadonlyArray<Caip.CaipNetworkId>
  readonly connectorId: string
}) => (method: string, params: unknown): void => {
  const live = context.get()
  const module = context.module()
  if (live === undefined || module === undefined) return
  if (method === "wallet_sessionChanged") {
    const changed = Schema.decodeUnknownOption(module.SessionChanged)(params)
    const granted = Option.isNone(changed)
      ? undefined
      : Effect.runSync(Effect.option(module.grantedOf(context.connectorId, changed.value.sessionScopes, context.networks, context.onNetworks())))
    if (granted === undefined || Option.isNone(granted)) {
      context.end()
      return context.emit({ _tag: "Disconnected" })
    }
    for (const namespace of Array.from(live.connections.keys())) {
      const connection = granted.value.connections.find((candidate) => candidate.namespace === namespace)
      if (connection === undefined) live.connections.delete(namespace)
      else live.connections.set(namespace, connection)
      context.emit({ _tag: "AccountsChanged", namespace: namespace as Namespace, accounts: connection?.accounts ?? [] })
    }
    return
  }
  if (method !== "wallet_notify") return
  const notify = Schema.decodeUnknownOption(module.Notify)(params)
  if (Option.isNone(notify)) return
  const { scope, notification } = notify.value
  const namespace = Caip.namespaceOf(scope)
  const connection = live.connections.get(namespace)
  if (connection === undefined || !Caip.isNetworkId(scope) || !(live.scopes.get(namespace as Namespace) ?? []).includes(scope)) return
  if (notification.method === "accountsChanged" && Array.isArray(notification.params)) {
    const accounts = notification.params.filter((account): account is string => typeof account === "string").map((account) => Caip.accountOf(account) ?? account)
    live.connections.set(namespace, { ...connection, accounts })
    return context.emit({ _tag: "AccountsChanged", namespace: connection.namespace, accounts })
  }
  if (notification.method === "chainChanged") {
    const target = namespace === "eip155" ? Eip1193.caipNetworkIdOf(notification.params) : notification.params
    if (!Caip.isNetworkId(target) || !(live.scopes.get(namespace as Namespace) ?? []).includes(target)) return
    live.connections.set(namespace, { ...connection, caipNetworkId: target })
    return context.emit({ _tag: "ChainChanged", namespace: connection.namespace, caipNetworkId: target })
  }
}
