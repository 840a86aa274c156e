/**
 * Portico's WalletConnect v2 relay: the relay JSON-RPC over WebSocket that WalletConnect v2 dapps and
 * wallets (Portico's own client, the reference sign-client, any other implementation) pair, settle
 * sessions and exchange requests through. Self-hosted in production (see README.md) and the sandbox's relay.
 *
 * This module owns the process's edge: the HTTP server and its upgrades (tokens checked in Handshake.ts,
 * bounds on sockets), pings and dead sockets, the periodic sweep of expired messages, the figures, and
 * the graceful stop. Messages travel through Hub.ts; frames are served in Methods.ts; messages are kept
 * where RelayStorage.ts says.
 */
import { randomUUID } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { WebSocketServer, type WebSocket } from "ws"
import * as Connection from "./Connection.ts"
import { authenticate } from "./Handshake.ts"
import * as Hub from "./Hub.ts"
import * as Methods from "./Methods.ts"
import * as PostgresFeed from "./PostgresFeed.ts"
import * as MetricsEndpoint from "../server/MetricsEndpoint.ts"
import { countRefusal, makeCounters, refusedFigures, type RelayFigures } from "./RelayFigures.ts"
import * as Frame from "./RelayFrame.ts"
import { withDefaults } from "./RelayLimits.ts"
import * as RelayMetrics from "./RelayMetrics.ts"
import { defaultPingIntervalMs, defaultStopDeadlineMs, type RelayOptions } from "./RelayOptions.ts"
import { openStorage } from "./RelayStorage.ts"

export interface Relay {
  /** ws://host:port, where it listens. */
  readonly url: string
  /** The URL its clients' tokens must name (RelayOptions.publicUrl, else `url`). */
  readonly publicUrl: string
  readonly figures: () => Promise<RelayFigures>
  /** `http://host:port/metrics`, with `metricsPort`. */
  readonly metricsUrl: string | undefined
  /**
   * Stops accepting sockets, serves no more requests, waits for the writes in flight, closes every socket
   * with 1001 (going away: clients reconnect, to another process behind the same URL), all within
   * `deadlineMs` (default `stopDeadlineMs`); then closes the store.
   */
  readonly stop: (options?: { readonly deadlineMs?: number }) => Promise<void>
}

export interface RelayServices {
  /** The clock of message times, TTLs, token expiry and rate limits (default: the system clock). */
  readonly clock?: Clock.Clock
}

/** The envelope around a message: a frame may be this much larger than `maxMessageBytes`. */
const frameOverhead = 16 * 1024

/** Answers an upgrade the relay refuses with a plain HTTP status. */
const refuseUpgrade = (socket: Socket, status: 401 | 503, reason: string): void => {
  const title = status === 401 ? "Unauthorized" : "Service Unavailable"
  socket.end(`HTTP/1.1 ${status} ${title}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${reason}\n`)
}

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve((server.address() as AddressInfo).port)
    })
  })

/** Resolves at `deadline` (milliseconds of `performance.now()`), at once when it has passed. */
const until = (deadline: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())).unref())

export const startRelay = async (options: RelayOptions = {}, services: RelayServices = {}): Promise<Relay> => {
  const clock = services.clock ?? Clock.Clock.defaultValue()
  const now = () => clock.currentTimeMillisUnsafe()
  const limits = withDefaults(options.limits)
  const origin = randomUUID()
  const storage = await openStorage(options, limits, origin)
  const counters = makeCounters()
  const hub = Hub.make({ store: storage.store, limits, now, counters })
  const serving: Methods.ServeOptions = { hub, table: Methods.methods(hub), counters, maxQueuedRequests: limits.maxQueuedRequests }
  let lastSize = { messages: 0, bytes: 0 }
  let stopping: Promise<void> | undefined

  const onConnection = (socket: WebSocket, clientId: string): void => {
    const connection = Connection.make(socket, clientId)
    hub.opened(connection)
    socket.on("pong", () => {
      connection.alive = true
    })
    socket.on("message", (data, isBinary) => {
      connection.alive = true
      if (isBinary) return hub.send(connection, Frame.error(null, Frame.ErrorCode.invalidRequest, "Binary frames are not supported"))
      Methods.serve(serving, connection, data.toString())
    })
    socket.on("error", () => socket.terminate())
    socket.on("close", () => hub.closed(connection))
  }

  // Load balancers ask /health: 200 while the relay takes sockets, 503 once it stops.
  const server = createServer((request, response) => {
    if (new URL(request.url ?? "/", "http://relay").pathname === "/health") {
      return void response.writeHead(stopping === undefined ? 200 : 503, { "content-type": "text/plain" }).end(stopping === undefined ? "ok\n" : "stopping\n")
    }
    response.writeHead(426, { "content-type": "text/plain" }).end("WalletConnect relay: connect with a WebSocket\n")
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes + frameOverhead })
  const host = options.host ?? "127.0.0.1"

  const feed = storage.sharedUrl === undefined ? undefined : await PostgresFeed.listen(storage.sharedUrl, origin, { onMessage: hub.announced, onGap: hub.resync }).catch(async (error: unknown) => {
    await Effect.runPromise(storage.store.close)
    throw error
  })
  const port = await listen(server, options.port ?? 0, host).catch(async (error: unknown) => {
    await feed?.close()
    await Effect.runPromise(storage.store.close)
    throw error
  })
  const url = `ws://${host.includes(":") ? `[${host}]` : host}:${port}`
  const publicUrl = options.publicUrl ?? url

  const figures = async (): Promise<RelayFigures> => {
    lastSize = await Effect.runPromise(storage.store.size).catch(() => lastSize)
    return {
      openSockets: hub.connections.size,
      topicsWithSubscribers: hub.subscriptions.topics(),
      messagesStored: lastSize.messages,
      bytesStored: lastSize.bytes,
      published: counters.published,
      delivered: counters.delivered,
      ...refusedFigures(counters)
    }
  }
  const metrics = options.metricsPort === undefined
    ? undefined
    : await MetricsEndpoint.start(RelayMetrics.make(figures), host, options.metricsPort).catch(async (error: unknown) => {
      server.close()
      await feed?.close()
      await Effect.runPromise(storage.store.close)
      throw error
    })

  server.on("upgrade", (request, socket: Socket, head) => {
    socket.on("error", () => socket.destroy())
    if (stopping !== undefined || hub.connections.size >= limits.maxSockets) {
      countRefusal(counters, stopping === undefined ? "TooManySockets" : "Stopping")
      return refuseUpgrade(socket, 503, stopping === undefined ? "too many connections" : "the relay is stopping")
    }
    const outcome = authenticate(request.url, publicUrl, now())
    if (Result.isFailure(outcome)) {
      countRefusal(counters, outcome.failure._tag)
      return refuseUpgrade(socket, 401, outcome.failure.message)
    }
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, outcome.success))
  })

  let sweeping: Promise<void> = Promise.resolve()
  const heartbeat = setInterval(() => {
    for (const connection of hub.connections) {
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      connection.socket.ping()
    }
    sweeping = sweeping.then(() => Effect.runPromise(Effect.ignore(storage.store.sweep(now()))))
  }, options.pingIntervalMs ?? defaultPingIntervalMs)
  heartbeat.unref()

  const closeAll = async (deadline: number): Promise<void> => {
    const open = [...hub.connections].map((connection) => connection.socket)
    const closed = Promise.all(open.map((socket) => (socket.readyState === socket.CLOSED ? undefined : new Promise((resolve) => socket.once("close", resolve)))))
    for (const socket of open) socket.close(1001, "The relay is going away")
    await Promise.race([closed, until(deadline)])
    for (const socket of open) socket.terminate()
  }

  const halt = async (deadlineMs: number): Promise<void> => {
    // The deadline is elapsed time whatever the relay's clock says (a test's clock may stand still).
    const deadline = performance.now() + deadlineMs
    clearInterval(heartbeat)
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const connection of hub.connections) connection.closing = true
    await Promise.race([hub.settled(), until(deadline)])
    await closeAll(deadline)
    wss.close()
    await feed?.close()
    await Promise.race([Promise.all([hub.settled(), sweeping]), until(deadline)])
    await Effect.runPromise(storage.store.close)
    await serverClosed
    await metrics?.stop()
  }

  return {
    url,
    publicUrl,
    figures,
    metricsUrl: metrics?.url,
    stop: (stopOptions = {}) => (stopping ??= halt(stopOptions.deadlineMs ?? options.stopDeadlineMs ?? defaultStopDeadlineMs))
  }
}
