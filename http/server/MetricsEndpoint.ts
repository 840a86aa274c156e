/**
 * `GET /metrics` in Prometheus' text format, on a port of its own (`ServerOptions.metricsPort`): the
 * API's port faces the internet, this one only the operator's scraper. Anything else answers 404.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { Registry } from "prom-client"

export interface MetricsEndpoint {
  /** `http://host:port/metrics`. */
  readonly url: string
  readonly stop: () => Promise<void>
}

export const path = "/metrics"

export const start = (registry: Registry, host: string, port: number): Promise<MetricsEndpoint> =>
  new Promise((resolve, reject) => {
    const server = createServer((request, response) => {
      if (request.method !== "GET" || new URL(request.url ?? "/", "http://portico.invalid").pathname !== path) {
        response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n")
        return
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
        () => response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("metrics unavailable\n")
      )
    })
    server.once("error", reject)
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo
      const shown = address.family === "IPv6" ? `[${address.address}]` : address.address
      resolve({
        url: `http://${shown}:${address.port}${path}`,
        stop: () =>
          new Promise((done) => {
            server.close(() => done())
            server.closeAllConnections()
          })
      })
    })
  })
