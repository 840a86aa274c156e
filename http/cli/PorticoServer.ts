/**
 * `startPorticoServer`: the API (with the embedded wallet's frame) and the WalletConnect relay of one
 * `portico-server` process, started together and stopped together. Each keeps its own graceful stop
 * (the API drains its requests, the relay tells its clients to go elsewhere); this only runs both.
 */
import { startApiServer, type ApiServer } from "../server/start.ts"
import type { LogSink } from "../server/RequestLog.ts"
import { startRelay, type Relay } from "../relay/Relay.ts"
import type { Resolved } from "./PorticoServerConfig.ts"

export interface PorticoServer {
  readonly api: ApiServer | undefined
  readonly relay: Relay | undefined
  readonly stop: () => Promise<void>
}

export const startPorticoServer = async (options: Resolved, log: LogSink): Promise<PorticoServer> => {
  const api = options.api === undefined ? undefined : await startApiServer(options.api, { log })
  const relay = options.relay === undefined
    ? undefined
    : await startRelay(options.relay).catch(async (error: unknown) => {
      await api?.stop()
      throw error
    })
  return {
    api,
    relay,
    stop: async () => {
      const stopped = await Promise.allSettled([api?.stop(), relay?.stop()])
      const failed = stopped.find((result) => result.status === "rejected")
      if (failed !== undefined) throw failed.reason
    }
  }
}
