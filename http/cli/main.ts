#!/usr/bin/env node
/**
 * `portico-server [--config FILE] [--only api|relay]`: the command a site operator runs (docs/deploy.md).
 * Starts the API with the embedded wallet's frame and the WalletConnect relay from one configuration
 * (PorticoServerConfig.ts), logs one JSON line per API request on stdout, and on SIGTERM or SIGINT stops
 * both gracefully and exits 0. A configuration it cannot use, or an unsafe one, stops it at once with
 * the reason and exit code 1: the message only, no stack and no configuration values (they hold secrets).
 */
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import * as ConfigFile from "./ConfigFile.ts"
import { PorticoServerConfigError, resolve, type Service } from "./PorticoServerConfig.ts"
import { startPorticoServer } from "./PorticoServer.ts"

const usage = "usage: portico-server [--config FILE] [--only api|relay]"

const fail = (message: string): never => {
  console.error(`portico-server: ${message}`)
  process.exit(1)
}

const messageOf = (error: unknown): string => error instanceof Error ? error.message : String(error)

const parsed = (() => {
  try {
    return parseArgs({ options: { config: { type: "string" }, only: { type: "string" }, help: { type: "boolean" } }, strict: true }).values
  } catch (error) {
    return fail(`${messageOf(error)}\n${usage}`)
  }
})()
if (parsed.help === true) {
  console.log(usage)
  process.exit(0)
}
if (parsed.only !== undefined && parsed.only !== "api" && parsed.only !== "relay") fail(`--only takes api or relay, not ${parsed.only}\n${usage}`)
const services: ReadonlyArray<Service> = parsed.only === undefined ? ["api", "relay"] : [parsed.only as Service]

// What is wrong with the file is named by its path, never by its value (it holds secrets: ConfigFile.ts).
const configFile = parsed.config ?? process.env["PORTICO_CONFIG"]
const config = configFile === undefined ? {} : (() => {
  try {
    return ConfigFile.read(configFile)
  } catch (error) {
    return fail(messageOf(error))
  }
})()

// The frame's pages ship beside this file in the package (`dist/frame/`); a checkout configures its own.
const shippedFrame = fileURLToPath(new URL("./frame/", import.meta.url))
const options = (() => {
  try {
    return resolve(config, process.env, services, shippedFrame)
  } catch (error) {
    return fail(error instanceof PorticoServerConfigError ? error.message : `the configuration cannot be used: ${messageOf(error)}`)
  }
})()

const server = await startPorticoServer(options, (line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => fail(`failed to start: ${messageOf(error)}`))
if (server.api !== undefined) console.log(`portico-server: API listening on ${server.api.url} (OpenAPI at ${server.api.url}/openapi.json)`)
if (server.api?.metricsUrl !== undefined) console.log(`portico-server: metrics at ${server.api.metricsUrl}`)
if (server.relay !== undefined) console.log(`portico-server: relay listening on ${server.relay.url} (clients connect to ${server.relay.publicUrl})`)
if (server.relay?.metricsUrl !== undefined) console.log(`portico-server: relay metrics at ${server.relay.metricsUrl}`)

// Exits 0 also when the API's deadline cut requests (the stop did what it is configured to do; its
// `stopped` log line counts them); 1 only when a stop failed. A second signal ends the process at once.
const shutdown = () => {
  server.stop().then(() => process.exit(0), (error: unknown) => fail(`did not stop cleanly: ${messageOf(error)}`))
}
process.once("SIGINT", shutdown)
process.once("SIGTERM", shutdown)
