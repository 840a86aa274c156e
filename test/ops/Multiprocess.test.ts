/**
 * `npm test` runs the multi-process script once (scripts/ops/multiprocess.ts): 2 API and 2 relay processes on
 * one Postgres behind nginx, one of each killed with -9 under load and restarted. It passes when the script
 * exits 0 and prints no lost write and no lost message. The work is smaller than the script's default so the
 * run stays near a minute on a shared machine; the script installs nginx itself when it is missing.
 * Skipped, saying why, without Debian's postgresql binaries.
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { postgresAvailable } from "../http/support/postgres.ts"

const script = fileURLToPath(new URL("../../scripts/ops/multiprocess.ts", import.meta.url))

const runScript = () =>
  new Promise<{ readonly code: number | null; readonly output: string }>((resolve) => {
    // Interrupted (SIGINT: it stops everything it started) before the test's own deadline, so nothing outlives it.
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, MULTIPROCESS_WRITES: "300", MULTIPROCESS_TOPICS: "10", MULTIPROCESS_MESSAGES: "30" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 270_000,
      killSignal: "SIGINT"
    })
    let output = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (output += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (output += chunk))
    child.once("exit", (code) => resolve({ code, output }))
  })

const figure = (output: string, name: string) => Number(new RegExp(`^${name}: (\\d+)`, "m").exec(output)?.[1] ?? Number.NaN)

if (!postgresAvailable) {
  describe("several processes on one Postgres behind nginx", () => {
    it.skip("needs Debian's postgresql (apt-get install postgresql; npm test installs it): not found under /usr/lib/postgresql", () => undefined)
  })
} else {
  describe("several processes on one Postgres behind nginx", () => {
    it("loses no acknowledged write and no acknowledged message when an API and a relay process are killed with -9 under load", async () => {
      const { code, output } = await runScript()
      expect(output).toMatch(/^pairing across processes: ok$/m)
      expect(figure(output, "acknowledged writes")).toBe(300)
      expect(figure(output, "writes lost")).toBe(0)
      expect(figure(output, "messages published")).toBe(300)
      expect(figure(output, "messages lost")).toBe(0)
      expect(figure(output, "reconnects")).toBeGreaterThan(0)
      expect(code, output).toBe(0)
    }, 300_000)
  })
}
