/**
 * Completes the `portico-server` package (server/, its bin built by tsdown into server/dist/cli.mjs):
 * adds the embedded wallet's frame pages the bin serves by default (server/dist/frame/), then proves the
 * package declares what the bin loads, each at the version this repository tests with, and nothing the
 * browser package would carry for it. Run by `npm run build`, after tsdown.
 */
import { cpSync, existsSync, rmSync } from "node:fs"
import { join, resolve } from "node:path"
import { buildPages, framePage } from "../../sandbox/web/Build.ts"
import { dependencyProblem } from "./DeclaredDependencies.ts"

const root = resolve(import.meta.dirname, "../..")
const packageDir = join(root, "server")
const bin = join(packageDir, "dist/cli.mjs")

const fail = (message: string): never => {
  console.error(`✖ package server: ${message}`)
  process.exit(1)
}

if (!existsSync(bin)) fail(`${bin} is missing: run tsdown first`)

// Production pages whatever the caller's NODE_ENV, from the sandbox's content-keyed build cache.
process.env["NODE_ENV"] = "production"
const frame = join(packageDir, "dist/frame")
rmSync(frame, { recursive: true, force: true })
const built = await buildPages(join(root, ".sandbox/web"), [framePage])
cpSync(built.get(framePage.name) ?? fail("the frame page was not built"), frame, { recursive: true })

const { problem, loaded } = dependencyProblem(root, packageDir, bin)
if (problem !== undefined) fail(problem)
console.log(`package server: the bin and the frame's pages in ${join(packageDir, "dist")}, ${loaded} dependencies declared`)
