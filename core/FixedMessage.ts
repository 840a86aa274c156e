/**
 * The `message` field of an error whose wording is fixed by the spec: typed as that literal, and
 * filled in by the constructor so `new SignatureDeclinedError()` needs no arguments.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

export const fixed = <const T extends string>(text: T) =>
  Schema.Literal(text).pipe(Schema.withConstructorDefault(Effect.succeed(text)))
