#!/usr/bin/env node
/**
 * `npx portico-migrate <rainbowkit|connectkit|onchainkit|appkit> [projectDir] [--dry-run]`: rewrites a
 * project's imports, provider, button and hooks to Portico's, prints what it did and left to do per
 * file (or, with --dry-run, the diff it would write). Exits 1 when it cannot run, with the reason.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { anchorNames, type AnchorName } from "./Anchor.ts"
import { anchors } from "./Anchors.ts"
import { unifiedDiff } from "./Diff.ts"
import { UnknownAnchorError, UsageError, type MigrateError } from "./MigrateErrors.ts"
import { migrateProject, type FileResult } from "./Project.ts"

/** This release's version: the one `portico` is added at (the two packages are released together). */
const ownVersion = (): string =>
  (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version

const isAnchorName = (name: string): name is AnchorName => (anchorNames as ReadonlyArray<string>).includes(name)

const summary = (result: FileResult): string =>
  [
    `${result.path}`,
    ...result.changes.map((change) => `  ✔ ${change}`),
    ...result.todos.map((todo) => `  ✎ TODO ${todo}`)
  ].join("\n")

const run = (args: ReadonlyArray<string>): void => {
  const dryRun = args.includes("--dry-run")
  const unknownFlag = args.find((arg) => arg.startsWith("-") && arg !== "--dry-run")
  if (unknownFlag !== undefined) throw new UsageError(`unknown option ${unknownFlag}`)
  const [from, directory = ".", ...rest] = args.filter((arg) => !arg.startsWith("-"))
  if (from === undefined || rest.length > 0) throw new UsageError(from === undefined ? "which library is the project migrating from?" : `unexpected ${rest.join(" ")}`)
  if (!isAnchorName(from)) throw new UnknownAnchorError(from)
  const root = resolve(directory)
  const results = migrateProject(root, anchors[from], ownVersion())
  for (const result of results) {
    if (dryRun) process.stdout.write(unifiedDiff(result.path, result.before, result.after))
    else if (result.after !== result.before) writeFileSync(join(root, result.path), result.after)
    console.log(summary(result))
  }
  const todos = results.reduce((sum, result) => sum + result.todos.length, 0)
  const changed = results.filter((result) => result.after !== result.before).length
  console.log(`\n${dryRun ? "Would change" : "Changed"} ${changed} file${changed === 1 ? "" : "s"}; ${todos} TODO(portico-migrate) left for you. Guide: docs/migrate/${from}.md in Portico`)
}

try {
  run(process.argv.slice(2))
} catch (error) {
  const known = error as Partial<MigrateError>
  if (known._tag === undefined) throw error
  console.error(`✖ ${known._tag}: ${known.message ?? ""}`)
  process.exitCode = 1
}
