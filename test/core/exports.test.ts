/**
 * Pins the public export list of core/: every module the package exposes (`portico/core/*`, the
 * top-level core/*.ts files) with its export names, sorted. Adding, renaming or removing an export
 * fails here until the snapshot is updated on purpose: `npx vitest run test/core/exports.test.ts -u`.
 */
import { expect, it } from "@effect/vitest"
import { readdirSync } from "node:fs"
import { fileURLToPath } from "node:url"

const coreDir = fileURLToPath(new URL("../../core/", import.meta.url))

it("pins the export names of every core module", async () => {
  const files = readdirSync(coreDir).filter((name) => name.endsWith(".ts")).toSorted()
  const exports: Record<string, ReadonlyArray<string>> = {}
  for (const file of files) {
    const module: Record<string, unknown> = await import(`${coreDir}${file}`)
    exports[file] = Object.keys(module).toSorted()
  }
  expect(exports).toMatchSnapshot()
})
