/**
 * A bin's package declares what the bin loads, each at the version this repository tests with, and
 * nothing it does not load: checked for `portico-server` and `portico-migrate` after tsdown built them.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { staticPackages } from "./StaticPackages.ts"

interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>
}

/** The problem with the package's dependencies, or undefined; `loaded` counts the packages the bin imports. */
export const dependencyProblem = (root: string, packageDir: string, bin: string): { readonly problem: string | undefined; readonly loaded: number } => {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Manifest
  const declared = manifest.dependencies ?? {}
  const installedVersion = (name: string): string =>
    (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version
  const loaded = staticPackages(bin)
  const manifestName = `${packageDir.split("/").at(-1) ?? packageDir}/package.json`
  const undeclared = [...loaded].filter((name) => declared[name] === undefined)
  if (undeclared.length > 0) return { problem: `the bin imports ${undeclared.join(", ")}: add them to ${manifestName}'s dependencies`, loaded: loaded.size }
  const unused = Object.keys(declared).filter((name) => !loaded.has(name))
  if (unused.length > 0) return { problem: `${manifestName} declares ${unused.join(", ")}, which the bin does not import`, loaded: loaded.size }
  const drifted = Object.entries(declared).filter(([name, version]) => version !== installedVersion(name))
  if (drifted.length > 0) {
    return { problem: `${manifestName} pins ${drifted.map(([name, version]) => `${name}@${version} (tested: ${installedVersion(name)})`).join(", ")}`, loaded: loaded.size }
  }
  return { problem: undefined, loaded: loaded.size }
}
