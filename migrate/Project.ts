/**
 * Migrates a whole project: reads its sources (node_modules and build output left out), parses them
 * at once, finds where the library's setup becomes Portico's instance, rewrites every file with the
 * library's transform, and package.json's dependencies. Nothing is written until every file is done.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, sep } from "node:path"
import type { Anchor, Configured } from "./Anchor.ts"
import { applyEdits } from "./Edits.ts"
import { FileRewrite } from "./FileRewrite.ts"
import { NoSourcesError } from "./MigrateErrors.ts"
import { rewritePackageJson } from "./PackageJson.ts"
import { parseSources } from "./Parse.ts"
import { rewriteFile } from "./Transform.ts"
import { anchorImports, usagesOf } from "./Usages.ts"

export interface FileResult {
  /** Relative to the project, with `/`. */
  readonly path: string
  readonly before: string
  readonly after: string
  readonly changes: ReadonlyArray<string>
  readonly todos: ReadonlyArray<string>
}

const sourceExtension = /\.(?:[mc]?[jt]sx?)$/
const skipped = new Set(["node_modules", "dist", "build", "out", ".next", ".git", ".turbo", ".vercel", "coverage"])

const sourcesUnder = (root: string): ReadonlyArray<string> => {
  const found: Array<string> = []
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.isDirectory() && !skipped.has(entry.name) && !entry.name.startsWith(".")) walk(join(directory, entry.name))
      else if (entry.isFile() && sourceExtension.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(relative(root, join(directory, entry.name)).split(sep).join("/"))
    }
  }
  walk(root)
  return found.toSorted()
}

/** How `from` imports `to` (both project-relative): `./wagmi`, `../config` — no extension, as bundlers resolve. */
const specifierBetween = (from: string, to: string): string => {
  const path = relative(dirname(from), to).split(sep).join("/").replace(sourceExtension, "")
  return path.startsWith(".") ? path : `./${path}`
}

/** Migrates sources given in memory (paths relative to the project, with `/`): the files that change or carry a TODO. */
export const migrateSources = (texts: ReadonlyMap<string, string>, anchor: Anchor): ReadonlyArray<FileResult> => {
  const files = [...parseSources(texts)].map(([path, source]) => {
    const file = new FileRewrite(path, source)
    const imports = anchorImports(source, anchor)
    const usages = usagesOf(source, imports.bindings)
    return { file, imports, usages, configured: anchor.configure(file, usages) satisfies Configured }
  })
  const home = files.find((entry) => entry.configured.created)?.file.path
  return files.flatMap(({ file, imports, usages, configured }) => {
    const porticoHere = file.path === home
    rewriteFile(file, anchor, { porticoHere, porticoImport: home === undefined || porticoHere ? undefined : specifierBetween(file.path, home) }, imports, usages, configured.handled)
    const after = applyEdits(file.path, file.source.text, file.edits)
    return after !== file.source.text || file.todos.length > 0 ? [{ path: file.path, before: file.source.text, after, changes: file.changes, todos: file.todos }] : []
  })
}

export const migrateProject = (root: string, anchor: Anchor, porticoVersion: string): ReadonlyArray<FileResult> => {
  const paths = existsSync(root) ? sourcesUnder(root) : []
  if (paths.length === 0) throw new NoSourcesError(root)
  const results = [...migrateSources(new Map(paths.map((path) => [path, readFileSync(join(root, path), "utf8")])), anchor)]
  const manifestPath = join(root, "package.json")
  if (existsSync(manifestPath)) {
    const before = readFileSync(manifestPath, "utf8")
    const { text, changes } = rewritePackageJson(before, anchor, porticoVersion)
    if (text !== before) results.push({ path: "package.json", before, after: text, changes, todos: [] })
  }
  return results
}
