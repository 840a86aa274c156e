/**
 * CLI entry: `node http/relay/main.ts`. Reads PORTICO_RELAY_CONFIG (a JSON file of RelayOptions: publicUrl,
 * limits, pingIntervalMs, stopDeadlineMs…), then lets the environment override where it runs:
 * PORTICO_RELAY_HOST, PORTICO_RELAY_PORT (default 5555), PORTICO_RELAY_PUBLIC_URL, DATABASE_URL (Postgres,
 * shared by several relay processes) or PORTICO_RELAY_DATA_DIR (PGlite on disk; default `.sandbox/relay-db`).
 * On SIGTERM or SIGINT it stops gracefully (clients are told to go elsewhere) and exits.
 */
import { readFileSync } from "node:fs"
import * as Schema from "effect/Schema"
import { startRelay } from "./Relay.ts"
import { RelayOptions } from "./RelayOptions.ts"

const env = process.env
const fromFile = env["PORTICO_RELAY_CONFIG"] === undefined
  ? {}
  : Schema.decodeUnknownSync(Schema.fromJsonString(RelayOptions))(readFileSync(env["PORTICO_RELAY_CONFIG"], "utf8"))

const databaseUrl = env["DATABASE_URL"] ?? fromFile.databaseUrl
const options: RelayOptions = Schema.decodeUnknownSync(RelayOptions)({
  ...fromFile,
  ...(env["PORTICO_RELAY_HOST"] === undefined ? {} : { host: env["PORTICO_RELAY_HOST"] }),
  port: Number(env["PORTICO_RELAY_PORT"] ?? fromFile.port ?? 5555),
  ...(env["PORTICO_RELAY_PUBLIC_URL"] === undefined ? {} : { publicUrl: env["PORTICO_RELAY_PUBLIC_URL"] }),
  ...(databaseUrl === undefined
    ? { dataDir: env["PORTICO_RELAY_DATA_DIR"] ?? fromFile.dataDir ?? ".sandbox/relay-db" }
    : { databaseUrl })
})

// A failure to start prints its message only: no stack, no configuration values (a database URL holds a password).
const relay = await startRelay(options).catch((error: unknown) => {
  console.error(`Portico relay failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
console.log(`Portico relay listening on ${relay.url} (clients connect to ${relay.publicUrl})`)

const shutdown = () => {
  relay.stop().then(() => process.exit(0), () => process.exit(1))
}
process.once("SIGINT", shutdown)
process.once("SIGTERM", shutdown)
