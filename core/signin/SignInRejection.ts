/**
 * Why a sign-in was refused: each check of the strict verifier (SignInVerification.ts) has its
 * reason, carried by the error and by our server's 401 answer.
 */
import * as Schema from "effect/Schema"

export const SignInRejectionReason = Schema.Literals([
  "message",
  "domain",
  "uri",
  "chain",
  "address",
  "time",
  "expired",
  "notYetValid",
  "signature",
  "nonce"
])
export type SignInRejectionReason = typeof SignInRejectionReason.Type

/** A sign-in that is not proven valid; `reason` names the check it failed. */
export class SignInRejectedError extends Schema.TaggedError<SignInRejectedError>()("SignInRejectedError", {
  reason: SignInRejectionReason,
  message: Schema.String
}) {}
