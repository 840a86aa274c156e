/**
 * Email format for connect and update email (spec §5 "Email"). The 30 s trigger gate is
 * `Cooldown`'s job.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

// One `@`, a non-empty local part, dot-separated domain labels that neither start nor end
// with a hyphen, and an alphabetic top-level domain of 2+ letters. No spaces anywhere.
const emailPattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/

export const isValid = (email: string): boolean => emailPattern.test(email)

export const Email = Schema.String.check(Schema.isPattern(emailPattern))

export const validate = (email: string): Effect.Effect<string, InvalidEmailError> =>
  isValid(email) ? Effect.succeed(email) : Effect.fail(new InvalidEmailError({ email }))

export class InvalidEmailError extends Schema.TaggedError<InvalidEmailError>()("InvalidEmailError", {
  message: fixed("Invalid email"),
  email: Schema.String
}) {}
