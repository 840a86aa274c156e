/**
 * Email format for connect and update email (spec §5 "Email"): the pattern is `EmailFormat`'s. The 30 s
 * trigger gate is `Cooldown`'s job.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as EmailFormat from "./EmailFormat.ts"
import { fixed } from "./FixedMessage.ts"

export const Email = Schema.String.check(Schema.isPattern(EmailFormat.pattern))

export const validate = (email: string): Effect.Effect<string, InvalidEmailError> =>
  EmailFormat.isValid(email) ? Effect.succeed(email) : Effect.fail(new InvalidEmailError({ email }))

export class InvalidEmailError extends Schema.TaggedError<InvalidEmailError>()("InvalidEmailError", {
  message: fixed("Invalid email"),
  email: Schema.String
}) {}
