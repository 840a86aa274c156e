/**
 * Name registration rules (spec §5 "Name registration") and the name suggestion entity.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

export const minimumLength = 4

const allowed = /^[A-Za-z0-9-]*$/

export const NameSuggestion = Schema.Struct({ name: Schema.String })
export type NameSuggestion = typeof NameSuggestion.Type

export const isValid = (name: string): boolean => allowed.test(name) && name.length >= minimumLength

/** Characters are checked before length: a short name with a bad character names the character. */
export const validate = (name: string): Effect.Effect<string, NameInvalidCharactersError | NameTooShortError> => {
  if (!allowed.test(name)) {
    return Effect.fail(new NameInvalidCharactersError({ name }))
  }
  if (name.length < minimumLength) {
    return Effect.fail(new NameTooShortError({ name }))
  }
  return Effect.succeed(name)
}

export const Name = Schema.String.check(
  Schema.isPattern(allowed),
  Schema.isMinLength(minimumLength)
)

export class NameInvalidCharactersError extends Schema.TaggedError<NameInvalidCharactersError>()("NameInvalidCharactersError", {
  message: fixed("Only letters, digits and hyphens are allowed"),
  name: Schema.String
}) {}

export class NameTooShortError extends Schema.TaggedError<NameTooShortError>()("NameTooShortError", {
  message: fixed("Name must be at least 4 characters"),
  name: Schema.String
}) {}
