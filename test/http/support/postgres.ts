/**
 * A throwaway Postgres cluster from Debian's `postgresql` binaries, for the database suites: initdb in
 * a temp directory, started with pg_ctl on a free loopback port, trust auth, as the `postgres` user
 * when running as root (root cannot run postgres). `undefined` when the binaries are not installed.
 */
import { execFileSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface Postgres {
  readonly url: string
  readonly stop: () => void
  /** Stops the server and keeps its data (an outage); `resume` starts it again on the same port. */
  readonly pause: () => void
  readonly resume: () => void
}

const binDir = (): string | undefined => {
  const root = "/usr/lib/postgresql"
  if (!existsSync(root)) return undefined
  const version = readdirSync(root).toSorted((a, b) => Number(b) - Number(a))[0]
  const dir = version === undefined ? undefined : join(root, version, "bin")
  return dir !== undefined && existsSync(join(dir, "pg_ctl")) ? dir : undefined
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

export const postgresAvailable = binDir() !== undefined

export const startPostgres = async (): Promise<Postgres | undefined> => {
  const bin = binDir()
  if (bin === undefined) return undefined
  const asRoot = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), "portico-pg-"))
  chmodSync(dir, 0o777)
  const data = join(dir, "data")
  const run = (tool: string, args: ReadonlyArray<string>) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", join(bin, tool), ...args], { stdio: "pipe" })
      : execFileSync(join(bin, tool), [...args], { stdio: "pipe" })
  const port = await freePort()
  run("initdb", ["-D", data, "--auth=trust", "--username=postgres", "--no-sync", "-E", "UTF8"])
  let running = false
  const start = () => {
    if (running) return
    run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"])
    running = true
  }
  const halt = () => {
    if (!running) return
    run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
    running = false
  }
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: halt,
    resume: start,
    stop: () => {
      halt()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
