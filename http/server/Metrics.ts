/**
 * The server's Prometheus metrics (prom-client, one registry per server): requests by method, route
 * template and status, their latency, rate-limit refusals, kept answers served or computed again, and
 * failed calls to upstreams. Every label value comes from a bounded set (route templates, configured
 * networks, fixed names), never from a raw path: a scraper's memory must not grow with the visitors.
 * Read through `MetricsEndpoint.ts` on a port of its own; without `metricsPort` the counts go nowhere.
 */
import * as Context from "effect/Context"
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client"

/** Which limiter refused: a known project's bucket, or the unknown-project one per client. */
export type Limit = "project" | "unknownProject"

export interface ServerMetrics {
  readonly request: (method: string, route: string, status: number, seconds: number) => void
  readonly rateLimited: (limit: Limit) => void
  /** A kept answer written again (`hit`), or a keepable one the application computed (`miss`). */
  readonly kept: (outcome: "hit" | "miss") => void
  /** A call to `upstream` (a CAIP-2 network id) that failed: unreachable, silent past its timeout, or unreadable. */
  readonly upstreamFailed: (upstream: string) => void
}

export class Metrics extends Context.Service<Metrics, ServerMetrics>()("portico/http/server/Metrics") {}

/** Counts nothing: the server without a metrics port. */
export const none: ServerMetrics = {
  request: () => undefined,
  rateLimited: () => undefined,
  kept: () => undefined,
  upstreamFailed: () => undefined
}

/** Seconds: from a kept answer (well under a millisecond) to an upstream's timeout. */
const latencyBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

export const make = (): { readonly metrics: ServerMetrics; readonly registry: Registry } => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: "portico_" })
  const counter = <L extends string>(name: string, help: string, labelNames: ReadonlyArray<L>) =>
    new Counter({ name, help, labelNames, registers: [registry] })
  const requests = counter("portico_http_requests_total", "HTTP requests answered, by method, route template and status.", ["method", "route", "status"])
  const latency = new Histogram({
    name: "portico_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's end, by method and route template.",
    labelNames: ["method", "route"] as const,
    buckets: latencyBuckets,
    registers: [registry]
  })
  const refusals = counter("portico_rate_limit_refusals_total", "Requests refused by a rate limit, by limiter (project, unknownProject).", ["limit"])
  const kept = counter(
    "portico_kept_responses_total",
    "Kept answers written again (hit) and keepable answers computed by the application (miss).",
    ["outcome"]
  )
  const upstream = counter(
    "portico_upstream_errors_total",
    "Failed calls to an upstream node (unreachable, timed out, unreadable), by CAIP-2 network id.",
    ["upstream"]
  )
  return {
    registry,
    metrics: {
      request: (method, route, status, seconds) => {
        requests.inc({ method, route, status: String(status) })
        latency.observe({ method, route }, seconds)
      },
      rateLimited: (limit) => refusals.inc({ limit }),
      kept: (outcome) => kept.inc({ outcome }),
      upstreamFailed: (name) => upstream.inc({ upstream: name })
    }
  }
}
