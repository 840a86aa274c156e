/**
 * `startSandbox` was called where the sandbox's tools are not installed: its devnets (Hardhat, LiteSVM),
 * mail and identity servers and page builds come with a Portico checkout, not with the package.
 */
import * as Schema from "effect/Schema"

/** `startSandbox` could not load the sandbox: `missing` is the first of its tools that is not installed. */
export class SandboxUnavailableError extends Schema.TaggedError<SandboxUnavailableError>()("SandboxUnavailableError", {
  /** The first package the sandbox needed and did not find. */
  missing: Schema.String,
  message: Schema.String
}) {}

/** The package a failed `import()` could not find, if that is why it failed. */
export const missingPackageOf = (cause: unknown): string | undefined => {
  if (!(cause instanceof Error) || !("code" in cause) || cause.code !== "ERR_MODULE_NOT_FOUND") return undefined
  return /Cannot find (?:package|module) '([^']+)'/.exec(cause.message)?.[1]
}
