/**
 * CLI entry: `node http/server/main.ts`. Reads PORTICO_API_CONFIG (a JSON file of ServerOptions: evm,
 * solana, prices, projects, rateLimit, nameZone…), then lets the environment override where it runs:
 * PORTICO_API_HOST, PORTICO_API_PORT, PORTICO_API_METRICS_PORT, DATABASE_URL (Postgres) or PORTICO_DATA_DIR
 * (PGlite on disk; default `.sandbox/api-db`). Logs one JSON line per request to stdout (RequestLog.ts).
 * A configuration it refuses (a file that does not decode, an UnsafeConfigurationError) prints what is
 * wrong and the fix, with no stack and no value from the file, and exits 1.
 * On SIGINT/SIGTERM stops gracefully (ApiServer.stop: within `stopDeadlineSeconds`) and exits 0, also when
 * requests were cut at the deadline (the stop did what it is configured to do; its `stopped` log line says
 * how many); 1 only when the stop itself failed. A second signal ends the process at once.
 */
import * as ConfigFile from "./ConfigFile.ts"
import type { ServerOptions } from "./ServerOptions.ts"
import { startApiServer } from "./start.ts"

/** A refused start prints its message only (no stack, no configuration values) and exits 1. */
const refuse = (error: unknown): never => {
  console.error(`Portico API failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

const env = process.env
const configFile = env["PORTICO_API_CONFIG"]
let fromFile: ServerOptions = {}
try {
  fromFile = configFile === undefined ? {} : ConfigFile.read(configFile)
} catch (error) {
  refuse(error)
}

const databaseUrl = env["DATABASE_URL"] ?? fromFile.databaseUrl
const options: ServerOptions = {
  ...fromFile,
  ...(env["PORTICO_API_HOST"] === undefined ? {} : { host: env["PORTICO_API_HOST"] }),
  ...(env["PORTICO_API_PORT"] === undefined ? {} : { port: Number(env["PORTICO_API_PORT"]) }),
  ...(env["PORTICO_API_METRICS_PORT"] === undefined ? {} : { metricsPort: Number(env["PORTICO_API_METRICS_PORT"]) }),
  ...(databaseUrl === undefined
    ? { dataDir: env["PORTICO_DATA_DIR"] ?? fromFile.dataDir ?? ".sandbox/api-db" }
    : { databaseUrl })
}

const server = await startApiServer(options, { log: (line) => process.stdout.write(`${line}\n`) }).catch(refuse)
console.log(`Portico API listening on ${server.url} (OpenAPI at ${server.url}/openapi.json)`)
if (server.metricsUrl !== undefined) console.log(`Portico API metrics at ${server.metricsUrl}`)

const shutdown = () => {
  server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Portico API failed to stop: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    }
  )
}
process.once("SIGINT", shutdown)
process.once("SIGTERM", shutdown)
