/**
 * The relay as an operator runs it, `portico-server --only relay` (http/cli/main.ts) in a child process:
 * started with an environment, its URL read from what it prints, stopped with a signal (SIGTERM to stop gracefully,
 * SIGKILL for a crash).
 */
import { spawn, type ChildProcess } from "node:child_process"
import { fileURLToPath } from "node:url"

const main = fileURLToPath(new URL("../../../../http/cli/main.ts", import.meta.url))

export interface RelayProcess {
  readonly url: string
  readonly child: ChildProcess
  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  readonly kill: (signal: NodeJS.Signals) => Promise<number | null>
}

export const startRelayProcess = (env: Readonly<Record<string, string>>): Promise<RelayProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, "--only", "relay"], { env: { ...process.env, PORTICO_RELAY_PORT: "0", ...env }, stdio: ["ignore", "pipe", "pipe"] })
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)))
    let output = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk
      const url = /relay listening on (ws:\/\/\S+)/.exec(output)?.[1]
      const kill = (signal: NodeJS.Signals) => {
        child.kill(signal)
        return exited
      }
      if (url !== undefined) resolve({ url, child, kill })
    })
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk
    })
    void exited.then((code) => reject(new Error(`the relay exited (${code}) before listening: ${output}`)))
  })
