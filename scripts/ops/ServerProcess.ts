/**
 * `portico-server --config FILE --only api|relay` in a child process, as an operator runs it on each machine:
 * started with an environment, its port read from its "listening on" line, killed with a signal (SIGKILL for
 * a crash) and started again on the same port, so the load balancer's configuration names it once.
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

/** The `portico-server` bin's source: the package runs the same file built. */
const bin = fileURLToPath(new URL("../../http/cli/main.ts", import.meta.url))

export type Service = "api" | "relay"

/** The variable that sets where each service listens, overriding the file. */
const portVariable: Record<Service, string> = { api: "PORTICO_API_PORT", relay: "PORTICO_RELAY_PORT" }

export interface ServerProcess {
  /** The loopback port it listens on. */
  readonly port: number
  /** Sends `signal` and resolves once it exited. */
  readonly kill: (signal: NodeJS.Signals) => Promise<void>
}

/** Output kept for a start failure's message: the last few kilobytes. */
const tailBytes = 4096

/**
 * Starts `service` alone from `config` with `env`, on `port` (0 = a free one). Its request log is read and
 * dropped (a full pipe would stall the server).
 */
export const startServerProcess = (service: Service, config: string, env: Readonly<Record<string, string>>, port = 0): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "--config", config, "--only", service], {
      env: { ...process.env, ...env, [portVariable[service]]: String(port) },
      stdio: ["ignore", "pipe", "pipe"]
    })
    const exited = new Promise<void>((done) => child.once("exit", () => done()))
    let output = ""
    let started = false
    const keep = (chunk: string) => {
      if (!started) output = (output + chunk).slice(-tailBytes)
    }
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      keep(chunk)
      const url = started ? undefined : /listening on (\S+)/.exec(output)?.[1]
      if (url === undefined) return
      started = true
      resolve({
        port: Number(new URL(url).port),
        kill: (signal) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal)
          return exited
        }
      })
    })
    child.stderr.setEncoding("utf8").on("data", keep)
    void exited.then(() => {
      if (!started) reject(new Error(`portico-server --only ${service} exited before listening: ${output}`))
    })
  })
