/**
 * In front of every request the API server answers (kept answers included): an `x-request-id` on the
 * answer, and once it ends its count and latency (Metrics) and its log line (RequestLog). Installed on
 * the Node server itself, outside the Effect application, because kept answers never enter it.
 */
import { randomUUID } from "node:crypto"
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import type * as Clock from "effect/Clock"
import * as ClientAddress from "./ClientAddress.ts"
import type { ServerMetrics } from "./Metrics.ts"
import { line, type LogSink } from "./RequestLog.ts"

export const requestIdHeader = "x-request-id"

export interface ObserverOptions {
  readonly metrics: ServerMetrics
  readonly log: LogSink | undefined
  readonly logAddresses: boolean
  readonly routeOf: (url: string) => string
  readonly clock: Clock.Clock
  readonly trustedProxies: ReadonlySet<string>
}

/** Puts the observer in front of `server`'s request listeners (install it last: it must see every answer). */
export const observe = (server: Server, options: ObserverOptions): void => {
  const listeners = server.listeners("request") as Array<(request: IncomingMessage, response: ServerResponse) => void>
  server.removeAllListeners("request")
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const started = options.clock.currentTimeNanosUnsafe()
    const requestId = randomUUID()
    response.setHeader(requestIdHeader, requestId)
    response.once("close", () => {
      const url = request.url ?? "/"
      const method = request.method ?? "GET"
      const route = options.routeOf(url)
      const durationMs = Number(options.clock.currentTimeNanosUnsafe() - started) / 1e6
      options.metrics.request(method, route, response.statusCode, durationMs / 1000)
      if (options.log === undefined) return
      const addresses = options.logAddresses
        ? { path: url.split(/[?#]/, 1)[0] ?? "", client: ClientAddress.ofIncoming(request, options.trustedProxies) }
        : {}
      options.log(line({
        at: options.clock.currentTimeMillisUnsafe(),
        requestId,
        method,
        route,
        status: response.statusCode,
        durationMs,
        ...addresses
      }))
    })
    for (const listener of listeners) listener(request, response)
  })
}
