/**
 * The operator's surface of the API server, wired in one place: metrics (counted always, served on
 * `metricsPort` when set), readiness (the `/readyz` probe's checks), the request observer (request ids,
 * counts, log lines) and the rate limiters' refusals counted.
 */
import type { Server } from "node:http"
import type * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { Upstreams } from "./ChainRpcUpstreams.ts"
import type { Queryable } from "./Database.ts"
import * as Metrics from "./Metrics.ts"
import * as MetricsEndpoint from "./MetricsEndpoint.ts"
import type { Limiter } from "./RateLimiter.ts"
import * as Readiness from "./Readiness.ts"
import type { LogSink } from "./RequestLog.ts"
import * as RequestObserver from "./RequestObserver.ts"
import * as RouteTemplates from "./RouteTemplates.ts"
import { defaults, type ServerOptions } from "./ServerOptions.ts"

export interface Operations {
  readonly metrics: Metrics.ServerMetrics
  /** `Metrics` and `Readiness`, for the handlers and the chain RPC route. */
  readonly layer: Layer.Layer<Metrics.Metrics | Readiness.Readiness>
  /** `limiter`, its refusals counted as `limit`'s. */
  readonly counted: (limiter: Limiter, limit: Metrics.Limit) => Limiter
  /** Puts the request observer in front of `server` (after everything else in front of the application). */
  readonly observe: (server: Server, trustedProxies: ReadonlySet<string>) => void
  /** The metrics endpoint, when `metricsPort` is set. */
  readonly serve: () => Promise<MetricsEndpoint.MetricsEndpoint | undefined>
}

export const make = (
  options: ServerOptions,
  db: Queryable,
  upstreams: Upstreams,
  runtime: { readonly clock: Clock.Clock; readonly log: LogSink | undefined; readonly stopping: () => boolean }
): Operations => {
  const made = options.metricsPort === undefined ? undefined : Metrics.make()
  const metrics = made?.metrics ?? Metrics.none
  return {
    metrics,
    layer: Layer.mergeAll(
      Layer.succeed(Metrics.Metrics, metrics),
      Layer.succeed(Readiness.Readiness, Readiness.make(db, upstreams, metrics, runtime.stopping))
    ),
    counted: (limiter, limit) => ({
      ...limiter,
      take: (key, now, cost) => Effect.tap(limiter.take(key, now, cost), (wait) => wait > 0 ? Effect.sync(() => metrics.rateLimited(limit)) : Effect.void)
    }),
    observe: (server, trustedProxies) =>
      RequestObserver.observe(server, {
        metrics,
        log: runtime.log,
        logAddresses: options.logAddresses ?? false,
        routeOf: RouteTemplates.make(RouteTemplates.servedPaths()),
        clock: runtime.clock,
        trustedProxies
      }),
    serve: () =>
      made === undefined || options.metricsPort === undefined
        ? Promise.resolve(undefined)
        : MetricsEndpoint.start(made.registry, options.host ?? defaults.host, options.metricsPort)
  }
}
