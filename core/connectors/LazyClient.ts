/**
 * A connector whose code loads when it is first used: listed at discovery from its announcement alone,
 * its implementation fetched when the visitor picks it or a stored session names it. Listeners added
 * before then hear the client's events once it is there; a failed load is tried again by the next use.
 */
import * as Effect from "effect/Effect"
import * as Connector from "../Connector.ts"

/** A lazily loaded client, and its loading for the connector's own additions (WalletConnectConnector.ts). */
export interface Lazy {
  readonly client: Connector.ConnectorClient
  /** Loads the implementation (once; a failed load is tried again by the next use). */
  readonly load: () => Promise<Connector.ConnectorClient>
  readonly loaded: Effect.Effect<Connector.ConnectorClient, Connector.ConnectorError>
  /** The implementation if it has loaded, without loading it. */
  readonly current: () => Connector.ConnectorClient | undefined
}

export const lazy = (connector: Connector.Connector, load: () => Promise<Connector.ConnectorClient>): Lazy => {
  const listeners = new Set<(event: Connector.ConnectorEvent) => void>()
  let loading: Promise<Connector.ConnectorClient> | undefined
  let current: Connector.ConnectorClient | undefined
  const loadOnce = () => {
    loading ??= load().then((loaded) => {
      loaded.subscribe((event) => {
        for (const listener of listeners) listener(event)
      })
      current = loaded
      return loaded
    })
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }
  const client = Effect.tryPromise({
    try: loadOnce,
    catch: () => new Connector.ConnectorError({ connectorId: connector.id, message: "The wallet's connector failed to load" })
  })
  return {
    load: loadOnce,
    loaded: client,
    current: () => current,
    client: {
      connector,
      connect: (options) => Effect.flatMap(client, (loaded) => loaded.connect(options)),
      reconnect: (options) => Effect.flatMap(client, (loaded) => loaded.reconnect(options)),
      disconnect: Effect.flatMap(client, (loaded) => loaded.disconnect),
      release: (namespace) => Effect.flatMap(client, (loaded) => loaded.release === undefined ? loaded.disconnect : loaded.release(namespace)),
      accounts: Effect.flatMap(client, (loaded) => loaded.accounts),
      chain: Effect.flatMap(client, (loaded) => loaded.chain),
      switchChain: (network) => Effect.flatMap(client, (loaded) => loaded.switchChain(network)),
      request: (args) => Effect.flatMap(client, (loaded) => loaded.request(args)),
      selectAccount: (namespace, address) =>
        Effect.flatMap(client, (loaded) => loaded.selectAccount === undefined ? Effect.void : loaded.selectAccount(namespace, address)),
      subscribe: (listener) => {
        listeners.add(listener)
        return () => {
          listeners.delete(listener)
        }
      }
    }
  }
}

export const make = (connector: Connector.Connector, load: () => Promise<Connector.ConnectorClient>): Connector.ConnectorClient =>
  lazy(connector, load).client
