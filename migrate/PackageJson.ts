/**
 * The project's package.json: the library's packages dropped, `portico` added at this release's
 * version, and what Portico's wagmi connector needs: wagmi 3 and `@wagmi/core` beside it. The file
 * keeps its indentation and key order.
 */
import type { Anchor } from "./Anchor.ts"

type Dependencies = Record<string, string>
interface Manifest {
  dependencies?: Dependencies
  devDependencies?: Dependencies
  [key: string]: unknown
}

export interface PackageJsonRewrite {
  readonly text: string
  readonly changes: ReadonlyArray<string>
}

const wagmiRange = "^3.0.0"

/** A range that allows wagmi 2 or older (wagmi 3 is what Portico's connector is for). */
const beforeWagmi3 = (range: string): boolean => /^[\^~=v]*[0-2]\./.test(range.trim())

export const rewritePackageJson = (text: string, anchor: Anchor, porticoVersion: string): PackageJsonRewrite => {
  const manifest = JSON.parse(text) as Manifest
  const changes: Array<string> = []
  for (const field of ["dependencies", "devDependencies"] as const) {
    const dependencies = manifest[field]
    if (dependencies === undefined) continue
    for (const name of anchor.packages) {
      if (dependencies[name] === undefined) continue
      delete dependencies[name]
      changes.push(`${name} removed from ${field}`)
    }
  }
  const dependencies = manifest.dependencies ?? {}
  const installed = { ...dependencies, ...manifest.devDependencies }
  const add = (name: string, range: string) => {
    dependencies[name] = range
    changes.push(`${name}@${range} added`)
  }
  if (installed["portico"] === undefined) add("portico", `^${porticoVersion}`)
  const wagmi = dependencies["wagmi"]
  if (wagmi !== undefined && beforeWagmi3(wagmi)) {
    dependencies["wagmi"] = wagmiRange
    changes.push(`wagmi ${wagmi} → ${wagmiRange}: Portico's connector is for wagmi 3 (see wagmi's migration guide to 3.x)`)
  }
  if (dependencies["wagmi"] !== undefined && installed["@wagmi/core"] === undefined) add("@wagmi/core", wagmiRange)
  manifest.dependencies = Object.fromEntries(Object.entries(dependencies).toSorted(([a], [b]) => a.localeCompare(b)))
  const indent = /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? "  "
  return { text: changes.length === 0 ? text : `${JSON.stringify(manifest, null, indent)}\n`, changes }
}
