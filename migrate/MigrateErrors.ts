/**
 * What stops a migration before it writes anything. Each is tagged, with a message the command prints
 * as it is. (Plain classes: the package's only dependency is TypeScript.)
 */
import { anchorNames } from "./Anchor.ts"
import type { OverlappingEditsError } from "./Edits.ts"

export class UnknownAnchorError extends Error {
  readonly _tag = "UnknownAnchorError"
  readonly from: string
  constructor(from: string) {
    super(`portico-migrate cannot migrate from "${from}": it knows ${anchorNames.join(", ")}`)
    this.from = from
  }
}

export class NoSourcesError extends Error {
  readonly _tag = "NoSourcesError"
  readonly directory: string
  constructor(directory: string) {
    super(`${directory} has no JavaScript or TypeScript sources (.ts, .tsx, .js, .jsx, .mjs, .cjs outside node_modules): is it the project's folder?`)
    this.directory = directory
  }
}

export class UsageError extends Error {
  readonly _tag = "UsageError"
  constructor(detail: string) {
    super(`${detail}\nusage: npx portico-migrate <${anchorNames.join("|")}> [projectDir] [--dry-run]`)
  }
}

export type MigrateError = UnknownAnchorError | NoSourcesError | UsageError | OverlappingEditsError
