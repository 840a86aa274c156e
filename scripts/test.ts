/**
 * `npm test`: makes sure the system prerequisites exist, then runs the typecheck, the linter and
 * every vitest project, and closes with one plain summary line.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { chromiumPath } from "../test/support/chromium.ts"

const run = (command: string, args: ReadonlyArray<string>): number => {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env })
  return result.status ?? 1
}

const aptInstall = (packages: ReadonlyArray<string>): void => {
  console.log(`Installing ${packages.join(", ")} from Debian's packages…`)
  if (run("apt-get", ["update", "-qq"]) !== 0 || run("apt-get", ["install", "-y", "-qq", ...packages]) !== 0) {
    console.error(`Could not install ${packages.join(", ")}: browser and database tests need them.`)
    process.exit(1)
  }
}

const missing = [
  existsSync(chromiumPath) ? [] : ["chromium"],
  existsSync("/usr/lib/postgresql") ? [] : ["postgresql"]
].flat()
if (missing.length > 0) aptInstall(missing)

const step = (name: string, command: string, args: ReadonlyArray<string>): void => {
  console.log(`\n▶ ${name}`)
  if (run(command, args) !== 0) {
    console.error(`✖ ${name} failed`)
    process.exit(1)
  }
}

step("licences", "node", ["scripts/licenses.ts"])
step("typecheck", "tsc", ["-p", "tsconfig.json", "--noEmit"])
// The floors' own projects: core/ without DOM or Node (its browser connectors aside), and what runs in
// a browser (core, the HTTP contracts and clients, app, ui) without Node's types.
step("typecheck core (no DOM, no Node)", "tsc", ["-p", "tsconfig.core.json", "--noEmit"])
step("typecheck browser floors (no Node)", "tsc", ["-p", "tsconfig.browser.json", "--noEmit"])
step("lint", "oxlint", ["--deny-warnings", "core", "http", "app", "ui", "frame", "sandbox", "test", "scripts", "testing"])
// Type-aware: a promise the views or the engine leave unhandled must be one that cannot reject (app/Action.ts).
step("lint promises", "oxlint", ["--type-aware", "-c", ".oxlintrc.promises.json", "--deny-warnings", "ui", "app"])
step("package (build, pack, publint, attw, size budget, install footprint, portico-server)", "node", ["scripts/package/check.ts"])

const reportDir = "test-results"
mkdirSync(reportDir, { recursive: true })
const reportFile = join(reportDir, "vitest.json")
console.log("\n▶ tests")
const status = run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`, ...process.argv.slice(2)])

interface VitestJsonReport {
  readonly numPassedTests: number
  readonly numFailedTests: number
  readonly numPendingTests: number
  readonly numTodoTests: number
}
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as VitestJsonReport
  console.log(`\nvitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`)
}
process.exit(status)
