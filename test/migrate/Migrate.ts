/** Runs a transform over sources given in memory, as the command would over a project's files; copies a fixture app. */
import { cpSync } from "node:fs"
import { join } from "node:path"
import type { AnchorName } from "../../migrate/Anchor.ts"
import { anchors } from "../../migrate/Anchors.ts"
import { migrateSources, type FileResult } from "../../migrate/Project.ts"

export interface Migrated {
  /** Every file after the run (unchanged ones as given). */
  readonly files: Readonly<Record<string, string>>
  readonly results: ReadonlyArray<FileResult>
  /** What a second run over the result changed (idempotence: nothing). */
  readonly rerun: ReadonlyArray<string>
}

const once = (from: AnchorName, files: Readonly<Record<string, string>>) => {
  const results = migrateSources(new Map(Object.entries(files)), anchors[from])
  return { files: { ...files, ...Object.fromEntries(results.map((result) => [result.path, result.after])) }, results }
}

export const migrate = (from: AnchorName, files: Readonly<Record<string, string>>): Migrated => {
  const first = once(from, files)
  const second = once(from, first.files)
  return { ...first, rerun: second.results.filter((result) => result.after !== result.before).map((result) => result.path) }
}

export const todosOf = (migrated: Migrated, path: string): ReadonlyArray<string> =>
  migrated.results.find((result) => result.path === path)?.todos.map((todo) => todo.replace(/^line \d+: /, "")) ?? []

/**
 * A fixture app, whole, into `folder`: what every fixture shares (fixtures/common: the page, the Vite
 * config, the chain read from the sandbox's configuration) with the anchor's own files over it.
 */
export const copyFixture = (from: AnchorName, folder: string): void => {
  const fixtures = join(import.meta.dirname, "fixtures")
  cpSync(join(fixtures, "common"), folder, { recursive: true })
  cpSync(join(fixtures, from), folder, { recursive: true })
}
