/**
 * `portico-server`'s configuration file (JSON, PorticoServerConfig.ts), read and decoded. What is wrong is named by
 * its path and what was expected, never by the value found: the file holds keys and secrets, and the
 * error reaches a terminal or a log.
 */
import { readFileSync } from "node:fs"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import { PorticoServerConfig } from "./PorticoServerConfig.ts"

const decode = Schema.decodeUnknownSync(Schema.fromJsonString(PorticoServerConfig))

/** What each kind of issue says, without its input. */
const leafHook: SchemaIssue.LeafHook = (issue) => {
  switch (issue._tag) {
    case "MissingKey":
      return "missing"
    case "UnexpectedKey":
      return "not a known key"
    case "InvalidType":
      return "of the wrong type"
    default:
      return "not valid JSON or not a valid value"
  }
}

/** A check's own message (a static text) when it has one, else a plain refusal: never the value. */
const checkHook: SchemaIssue.CheckHook = (issue) => SchemaIssue.defaultCheckHook(issue) ?? "does not pass its check"

const describe = SchemaIssue.makeFormatterStandardSchemaV1({ leafHook, checkHook })

export const read = (path: string): PorticoServerConfig => {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch {
    throw new ConfigFileError({ message: `The configuration file ${path} cannot be read` })
  }
  try {
    return decode(text)
  } catch (error) {
    if (!Schema.isSchemaError(error)) throw error
    const issues = describe(error.issue).issues.map(({ path: at = [], message }) => `${at.length === 0 ? "(the file)" : at.map(String).join(".")}: ${message}`)
    throw new ConfigFileError({ message: `The configuration file ${path} is not valid: ${issues.join("; ")}` })
  }
}

export class ConfigFileError extends Schema.TaggedError<ConfigFileError>()("ConfigFileError", {
  message: Schema.String
}) {}
