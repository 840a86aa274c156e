/**
 * The API server as an operator runs it, `portico-server --only api` (http/cli/main.ts): a child process
 * on an ephemeral port with a configuration file (written beside its data folder), its output kept
 * (stdout carries the request log), its exit awaited.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { writeFileSync } from "node:fs"

export interface ServerProcess {
  readonly child: ChildProcess
  /** Where it listens (from its start line). */
  readonly url: string
  /** Everything it wrote so far, stdout and stderr. */
  readonly output: () => string
  /** Its stdout lines that are JSON documents (the request log and the `stopped` line). */
  readonly logLines: () => ReadonlyArray<Record<string, unknown>>
  readonly exited: Promise<Exit>
}

export interface Exit {
  readonly code: number | null
  /** performance.now() at the exit. */
  readonly at: number
  readonly output: string
}

interface Spawned {
  readonly child: ChildProcess
  readonly output: () => string
  readonly stdout: () => string
  readonly exited: Promise<Exit>
}

/** The API's options (ServerOptions as JSON) and the folder its PGlite data goes under. */
export interface ServerProcessConfig {
  readonly api: unknown
  readonly dataDir: string
}

const spawnServer = ({ api, dataDir }: ServerProcessConfig): Spawned => {
  const configFile = `${dataDir}.portico.json`
  writeFileSync(configFile, JSON.stringify({ api, dataDir }))
  const child = spawn(process.execPath, ["http/cli/main.ts", "--only", "api", "--config", configFile], {
    env: { ...process.env, PORTICO_API_PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  let stdout = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString()
    stdout += chunk.toString()
  })
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code) => resolve({ code, at: performance.now(), output })))
  return { child, output: () => output, stdout: () => stdout, exited }
}

const jsonLines = (text: string): ReadonlyArray<Record<string, unknown>> =>
  text.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return []
    return [JSON.parse(line) as Record<string, unknown>]
  })

/** Starts the server with `config` and resolves once it listens. */
export const startServerProcess = (config: ServerProcessConfig): Promise<ServerProcess> => {
  const spawned = spawnServer(config)
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/\S+) /.exec(spawned.output())
      if (match?.[1] === undefined) return
      spawned.child.stdout?.off("data", onData)
      resolve({
        child: spawned.child,
        url: match[1],
        output: spawned.output,
        logLines: () => jsonLines(spawned.stdout()),
        exited: spawned.exited
      })
    }
    spawned.child.stdout?.on("data", onData)
    void spawned.exited.then((exit) => reject(new Error(`server exited with ${exit.code}: ${exit.output}`)))
  })
}

/** Runs the server with `config` until it exits on its own (a refused start). */
export const runServerProcess = (config: ServerProcessConfig): Promise<Exit> => spawnServer(config).exited
