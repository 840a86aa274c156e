/**
 * Checks the `portico-migrate` package (migrate/, its bin built by tsdown into migrate/dist/cli.mjs):
 * the bin starts as an executable script, its package declares what it loads (TypeScript, pinned to the
 * version tested here) and nothing else, and it is released at `portico`'s version, the one it adds
 * to a migrated project. Run by `npm run build`, after tsdown.
 */
import { existsSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { dependencyProblem } from "./DeclaredDependencies.ts"

const root = resolve(import.meta.dirname, "../..")
const packageDir = join(root, "migrate")
const bin = join(packageDir, "dist/cli.mjs")

const fail = (message: string): never => {
  console.error(`✖ package migrate: ${message}`)
  process.exit(1)
}

if (!existsSync(bin)) fail(`${bin} is missing: run tsdown first`)
if (!readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node")) fail(`${bin} does not start with its #! line: npx could not run it`)
const { problem, loaded } = dependencyProblem(root, packageDir, bin)
if (problem !== undefined) fail(problem)
const versionOf = (path: string) => (JSON.parse(readFileSync(path, "utf8")) as { version: string }).version
if (versionOf(join(packageDir, "package.json")) !== versionOf(join(root, "package.json"))) {
  fail("migrate/package.json's version is not portico's: the codemod adds portico at its own version")
}
console.log(`package migrate: the bin in ${join(packageDir, "dist")}, ${loaded} dependency declared`)
