/**
 * What `npm install portico react react-dom` puts in a fresh host app: installs the packed tarball with
 * React in an empty folder, lists every package it brought and its size on disk, and fails when one of
 * them is server-only (what `portico-server` or the sandbox needs and a browser never loads) or when the
 * install outgrows its budget. Run by scripts/package/check.ts after packing; prints what it found.
 */
import { execFileSync } from "node:child_process"
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { sandboxTools } from "../../testing/SandboxTools.ts"

/** Measured 2026-11-26: 71 packages, 143.7 MB on disk (effect 56 MB and viem 30 MB are most of it). */
const budget = { packages: 75, megabytes: 150 }

const root = resolve(import.meta.dirname, "../..")
const [tarball] = process.argv.slice(2)
if (tarball === undefined) {
  console.error("usage: footprint.ts <portico tarball>")
  process.exit(2)
}

interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>
}
const manifestOf = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Manifest

/** The browser package's dependencies and theirs, as this repository's lockfile resolves them. */
const browserClosure = (): ReadonlySet<string> => {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, Manifest> }
  const found = new Set<string>()
  const visit = (name: string) => {
    if (found.has(name)) return
    found.add(name)
    for (const dependency of Object.keys(lock.packages[`node_modules/${name}`]?.dependencies ?? {})) visit(dependency)
  }
  for (const name of Object.keys(manifestOf(join(root, "package.json")).dependencies ?? {})) visit(name)
  return found
}

/** What only the server or the sandbox loads: never needed by the browser package or what it depends on. */
const browser = browserClosure()
const serverOnly = new Set(
  [...Object.keys(manifestOf(join(root, "server/package.json")).dependencies ?? {}), ...sandboxTools.map((tool) => tool.name)]
    .filter((name) => !browser.has(name))
)

const versionOf = (name: string) => (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version

const bytesOf = (path: string): number => {
  const stat = lstatSync(path)
  return stat.isDirectory() ? readdirSync(path).reduce((sum, entry) => sum + bytesOf(join(path, entry)), 0) : stat.size
}

const app = mkdtempSync(join(tmpdir(), "portico-footprint-"))
try {
  execFileSync("npm", ["init", "-y"], { cwd: app, stdio: "pipe" })
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", resolve(tarball), `react@${versionOf("react")}`, `react-dom@${versionOf("react-dom")}`], { cwd: app, stdio: "pipe" })
  const lock = JSON.parse(readFileSync(join(app, "node_modules/.package-lock.json"), "utf8")) as { packages: Record<string, unknown> }
  const installed = Object.keys(lock.packages)
    .filter((path) => path.startsWith("node_modules/"))
    .map((path) => ({ name: path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length), bytes: bytesOf(join(app, path)) }))
    .toSorted((a, b) => b.bytes - a.bytes)
  const megabytes = installed.reduce((sum, entry) => sum + entry.bytes, 0) / 1e6
  console.log(`install footprint: ${installed.length} packages, ${megabytes.toFixed(1)} MB (budget ${budget.packages} packages, ${budget.megabytes} MB)`)
  for (const entry of installed) console.log(`  ${(entry.bytes / 1e6).toFixed(2).padStart(6)} MB  ${entry.name}`)
  console.log(`install footprint: none of these server-only packages may come: ${[...serverOnly].join(", ")}`)
  const forbidden = installed.filter((entry) => serverOnly.has(entry.name))
  if (forbidden.length > 0) {
    console.error(`✖ install footprint: server-only packages installed with portico: ${forbidden.map((entry) => entry.name).join(", ")}`)
    process.exitCode = 1
  }
  if (installed.length > budget.packages || megabytes > budget.megabytes) {
    console.error(`✖ install footprint: over budget (${installed.length} packages, ${megabytes.toFixed(1)} MB)`)
    process.exitCode = 1
  }
} finally {
  rmSync(app, { recursive: true, force: true })
}
