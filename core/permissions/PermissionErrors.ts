/**
 * Why a wallet refuses a site's ERC-7715 permission request before anything is shown or signed (the
 * checks of ExecutionPermissions.ts), and how such a refusal is recognised once it has crossed a
 * provider: by the `data.reason` a wallet adds, or by these errors' own fixed words, which Portico's
 * wallets (the embedded one, the sandbox's demo wallet) send as the message. Kept apart from the
 * checks so that recognising a refusal loads no ABI code.
 */
import * as Schema from "effect/Schema"
import { fixed } from "../FixedMessage.ts"
import { fixedCode } from "../FixedCode.ts"

/** The site asked for a permission type (or a rule) this wallet does not offer: nothing was signed. */
export class UnknownPermissionTypeError extends Schema.TaggedError<UnknownPermissionTypeError>()("UnknownPermissionTypeError", {
  message: fixed("Unknown permission type"),
  code: fixedCode("InvalidParams"),
  permissionType: Schema.String
}) {}

/** The request's expiry has already passed: nothing was signed. */
export class PermissionExpiredError extends Schema.TaggedError<PermissionExpiredError>()("PermissionExpiredError", {
  message: fixed("The permission request has expired"),
  code: fixedCode("InvalidParams"),
  expiry: Schema.Finite
}) {}

/** No expiry, one beyond `maxLifetimeSeconds`, or an unlimited amount: the wallet grants only bounded permissions. */
export class PermissionTooBroadError extends Schema.TaggedError<PermissionTooBroadError>()("PermissionTooBroadError", {
  message: fixed("The permission request is too broad"),
  code: fixedCode("InvalidParams"),
  reason: Schema.Literals(["noExpiry", "tooLong", "unlimited"])
}) {}

/** The permission's data is not `erc20-token-periodic`'s, names another chain, or can never be spent. */
export class InvalidPermissionError extends Schema.TaggedError<InvalidPermissionError>()("InvalidPermissionError", {
  message: fixed("The permission request is invalid"),
  code: fixedCode("InvalidParams")
}) {}

export type PermissionRefusal = UnknownPermissionTypeError | PermissionExpiredError | PermissionTooBroadError | InvalidPermissionError

const refusals: ReadonlyArray<() => PermissionRefusal> = [
  () => new UnknownPermissionTypeError({ permissionType: "" }),
  () => new PermissionExpiredError({ expiry: 0 }),
  () => new PermissionTooBroadError({ reason: "tooLong" }),
  () => new InvalidPermissionError()
]

/**
 * The refusal a wallet's error names: its `reason` (a tag), else its message (the fixed words); the
 * details the wallet kept to itself (the type it did not offer, the expiry) are not carried over.
 */
export const refusalNamed = (message: string | undefined, reason: string | undefined): PermissionRefusal | undefined => {
  for (const make of refusals) {
    const refusal = make()
    if (refusal._tag === reason || refusal.message === message) return refusal
  }
  return undefined
}
