/**
 * `portico-server` as an operator runs it: the packed tarball installed in a folder of its own (no
 * checkout), its bin started with `--config …` as a service manager runs it (the bin itself, so the
 * signals reach it rather than an `npx` in front), its printed addresses read from stdout and its request
 * log kept; stopped with SIGTERM, which answers with the process's exit code.
 */
import { execFileSync, spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { tarball } from "../../support/Tarballs.ts"

export interface PorticoServerProcess {
  readonly apiUrl: string
  readonly relayUrl: string
  /** Every line it printed on stdout (its request log among them). */
  readonly lines: ReadonlyArray<string>
  /** SIGTERM, then its exit code. */
  readonly stop: () => Promise<number | null>
}

/** Installs the tarball's bin in a fresh folder; every process started there shares the install. */
export const installPorticoServer = (): { readonly folder: string; readonly remove: () => void } => {
  const folder = mkdtempSync(join(tmpdir(), "portico-server-"))
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball("portico-server")], { cwd: folder, stdio: "pipe" })
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) }
}

export const startPorticoServerProcess = (folder: string, config: unknown): Promise<PorticoServerProcess> => {
  writeFileSync(join(folder, "portico.json"), JSON.stringify(config))
  const bin = join(folder, "node_modules/.bin/portico-server")
  const child = spawn(process.execPath, [bin, "--config", "portico.json"], { cwd: folder, stdio: ["ignore", "pipe", "pipe"] })
  const lines: Array<string> = []
  let errors = ""
  child.stderr.on("data", (chunk: Buffer) => errors += chunk.toString())
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)))
  return new Promise((resolve, reject) => {
    let pending = ""
    let apiUrl: string | undefined
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString()
      const complete = pending.split("\n")
      pending = complete.pop() ?? ""
      for (const line of complete) {
        lines.push(line)
        apiUrl ??= /API listening on (\S+)/.exec(line)?.[1]
        const relayUrl = /relay listening on (\S+)/.exec(line)?.[1]
        if (apiUrl !== undefined && relayUrl !== undefined) {
          resolve({
            apiUrl,
            relayUrl,
            lines,
            stop: () => {
              child.kill("SIGTERM")
              return exited
            }
          })
        }
      }
    })
    void exited.then((code) => reject(new Error(`portico-server exited with ${code} before listening: ${errors}`)))
  })
}
