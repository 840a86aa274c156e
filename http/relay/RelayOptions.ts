/**
 * What `startRelay` accepts: where it listens, the URL clients are given (their tokens' audience), where
 * messages are kept, its liveness and stop timings and its bounds. A Schema, so `portico-server` (http/cli/) checks
 * a JSON file with the same shape.
 */
import * as Schema from "effect/Schema"
import { RelayLimits } from "./RelayLimits.ts"

const Positive = Schema.Int.check(Schema.isGreaterThan(0))

export const RelayOptions = Schema.Struct({
  /** Default 127.0.0.1. */
  host: Schema.optionalKey(Schema.String),
  /** 0 (the default) picks a free port. */
  port: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 65_535 }))),
  /**
   * The relay URL clients are configured with (`wss://relay.example.com` behind a proxy or load balancer):
   * a client's token must name it as its audience. Default: the URL the relay listens on.
   */
  publicUrl: Schema.optionalKey(Schema.String),
  /** Postgres: messages shared by every relay process on this database. */
  databaseUrl: Schema.optionalKey(Schema.String),
  /** PGlite in this folder (one process). Without it or `databaseUrl`, messages live in memory. */
  dataDir: Schema.optionalKey(Schema.String),
  /** How often sockets are pinged; one that missed the previous ping is terminated. Default 10 s. */
  pingIntervalMs: Schema.optionalKey(Positive),
  /** How long `stop()` waits for in-flight writes and closing sockets. Default 10 s. */
  stopDeadlineMs: Schema.optionalKey(Positive),
  limits: Schema.optionalKey(RelayLimits),
  /**
   * Serves Prometheus metrics at `/metrics` on this port of `host` (0 picks one), apart from the relay's
   * public port, for the operator's scraper only (RelayMetrics.ts). Without it no metrics are served.
   */
  metricsPort: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 65_535 })))
})
export type RelayOptions = typeof RelayOptions.Type

/** Clients stall their transport after 35 s without a frame or ping; the WalletConnect relay pings about every 10 s. */
export const defaultPingIntervalMs = 10_000
export const defaultStopDeadlineMs = 10_000
