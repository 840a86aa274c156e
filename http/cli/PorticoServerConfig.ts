/**
 * `portico-server`'s configuration: one JSON file (`--config`) holding the API's options (`api`,
 * http/server/ServerOptions.ts) and the relay's (`relay`, http/relay/RelayOptions.ts), and where both keep
 * their data; the environment then overrides where each runs (docs/deploy.md, "Configuration").
 * `DATABASE_URL` puts both on one Postgres; otherwise each has a PGlite folder under `dataDir`.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import * as Schema from "effect/Schema"
import { RelayOptions } from "../relay/RelayOptions.ts"
import { ServerOptions } from "../server/ServerOptions.ts"

export const PorticoServerConfig = Schema.Struct({
  /** Postgres for both services (several processes share it); wins over `dataDir`. */
  databaseUrl: Schema.optionalKey(Schema.String),
  /** PGlite's folder: the API's data in `<dataDir>/api`, the relay's in `<dataDir>/relay`. Default `portico-data`. */
  dataDir: Schema.optionalKey(Schema.String),
  /** The API server (and the embedded wallet's frame). Default: no projects, no chains. */
  api: Schema.optionalKey(ServerOptions.mapFields(({ databaseUrl: _url, dataDir: _dir, ...fields }) => fields)),
  /** The WalletConnect relay; `false` runs none here. */
  relay: Schema.optionalKey(Schema.Union([RelayOptions.mapFields(({ databaseUrl: _url, dataDir: _dir, ...fields }) => fields), Schema.Literal(false)]))
})
export type PorticoServerConfig = typeof PorticoServerConfig.Type

/** Which services this process runs. */
export type Service = "api" | "relay"

export interface Resolved {
  readonly api: ServerOptions | undefined
  readonly relay: RelayOptions | undefined
}

/** The variables read, each overriding its key of the file. */
export type Environment = Readonly<Record<string, string | undefined>>

const portOf = (environment: Environment, name: string): number | undefined => {
  const value = environment[name]
  if (value === undefined) return undefined
  const parsed = Number(value)
  if (!/^\d{1,5}$/.test(value) || parsed > 65_535) throw new PorticoServerConfigError({ message: `${name} is not a port number: ${value}` })
  return parsed
}

const port = (environment: Environment, name: string): { readonly port: number } | {} => {
  const value = portOf(environment, name)
  return value === undefined ? {} : { port: value }
}

const host = (environment: Environment, name: string): { readonly host: string } | {} =>
  environment[name] === undefined ? {} : { host: environment[name] }

/**
 * The options each service starts with: the file's, then the environment's (`DATABASE_URL`,
 * `PORTICO_DATA_DIR`, `PORTICO_API_HOST`/`_PORT`/`_METRICS_PORT`, `PORTICO_RELAY_HOST`/`_PORT`/`_PUBLIC_URL`/`_METRICS_PORT`).
 * The embedded wallet's frame defaults to the pages shipped beside the bin (`frameAssets`).
 */
export const resolve = (
  config: PorticoServerConfig,
  environment: Environment,
  services: ReadonlyArray<Service>,
  shippedFrame: string | undefined
): Resolved => {
  const databaseUrl = environment["DATABASE_URL"] ?? config.databaseUrl
  const dataDir = environment["PORTICO_DATA_DIR"] ?? config.dataDir ?? "portico-data"
  const storage = (service: Service) => databaseUrl === undefined ? { dataDir: join(dataDir, service) } : { databaseUrl }
  const metricsPort = portOf(environment, "PORTICO_API_METRICS_PORT")
  const relayMetricsPort = portOf(environment, "PORTICO_RELAY_METRICS_PORT")
  const api = config.api ?? {}
  const embedded = api.embedded === undefined || api.embedded.frameAssets !== undefined || shippedFrame === undefined || !existsSync(shippedFrame)
    ? api.embedded
    : { ...api.embedded, frameAssets: shippedFrame }
  const relay = config.relay ?? {}
  return {
    api: services.includes("api")
      ? Schema.decodeUnknownSync(ServerOptions)({
        ...api,
        ...(embedded === undefined ? {} : { embedded }),
        ...host(environment, "PORTICO_API_HOST"),
        ...port(environment, "PORTICO_API_PORT"),
        ...(metricsPort === undefined ? {} : { metricsPort }),
        ...storage("api")
      })
      : undefined,
    relay: services.includes("relay") && relay !== false
      ? Schema.decodeUnknownSync(RelayOptions)({
        ...relay,
        port: relay.port ?? 5555,
        ...host(environment, "PORTICO_RELAY_HOST"),
        ...port(environment, "PORTICO_RELAY_PORT"),
        ...(environment["PORTICO_RELAY_PUBLIC_URL"] === undefined ? {} : { publicUrl: environment["PORTICO_RELAY_PUBLIC_URL"] }),
        ...(relayMetricsPort === undefined ? {} : { metricsPort: relayMetricsPort }),
        ...storage("relay")
      })
      : undefined
  }
}

/** The configuration file or an environment variable cannot be used; the message names which and why. */
export class PorticoServerConfigError extends Schema.TaggedError<PorticoServerConfigError>()("PorticoServerConfigError", {
  message: Schema.String
}) {}
