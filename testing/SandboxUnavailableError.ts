/**
 * `startSandbox` was called where the sandbox's tools are not installed: its devnets (Hardhat, LiteSVM),
 * mail and identity servers and relay run on packages a host installs next to Portico (SandboxTools.ts).
 */
import * as Schema from "effect/Schema"

/** `startSandbox` could not load the sandbox: `missing` lists the tools to install next to Portico. */
export class SandboxUnavailableError extends Schema.TaggedError<SandboxUnavailableError>()("SandboxUnavailableError", {
  /** The packages the sandbox needs that could not be loaded, in the order to install them. */
  missing: Schema.Array(Schema.String),
  message: Schema.String
}) {}

/** The package a failed `import()` could not find, if that is why it failed. */
export const missingPackageOf = (cause: unknown): string | undefined => {
  if (!(cause instanceof Error) || !("code" in cause) || cause.code !== "ERR_MODULE_NOT_FOUND") return undefined
  return /Cannot find (?:package|module) '([^']+)'/.exec(cause.message)?.[1]
}
