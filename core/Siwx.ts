/**
 * Sign-in by wallet signature (SIWX) errors, spec section 8. The first three are shown to the
 * visitor; the rest are internal preconditions.
 */
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

/** Configuration conflict: only one of the two sign-in options may be given. */
export class SiwxConfigConflictError extends Schema.TaggedError<SiwxConfigConflictError>()(
  "SiwxConfigConflictError",
  { message: fixed("Cannot set both siweConfig and siwx options") }
) {}

/** User-visible; the wallet is disconnected with it. (Spec wording kept verbatim.) */
export class SiwxInitializationError extends Schema.TaggedError<SiwxInitializationError>()(
  "SiwxInitializationError",
  { message: fixed("A problem occurred while trying initialize authentication") }
) {}

/** User-visible. */
export class SignatureDeclinedError extends Schema.TaggedError<SignatureDeclinedError>()("SignatureDeclinedError", {
  message: fixed("Signature declined")
}) {}

/** User-visible: the smart account's signature could not be verified by the app. */
export class SmartAccountNotSupportedError extends Schema.TaggedError<SmartAccountNotSupportedError>()(
  "SmartAccountNotSupportedError",
  { message: fixed("This application might not support Smart Accounts") }
) {}

export class SiwxNotEnabledError extends Schema.TaggedError<SiwxNotEnabledError>()("SiwxNotEnabledError", {
  message: fixed("SIWX is not enabled")
}) {}

export class NoActiveCaipAddressError extends Schema.TaggedError<NoActiveCaipAddressError>()(
  "NoActiveCaipAddressError",
  { message: fixed("No ActiveCaipAddress found") }
) {}

export class NoActiveCaipNetworkOrClientError extends Schema.TaggedError<NoActiveCaipNetworkOrClientError>()(
  "NoActiveCaipNetworkOrClientError",
  { message: fixed("No ActiveCaipNetwork or client found") }
) {}

export class NoConnectionControllerClientError extends Schema.TaggedError<NoConnectionControllerClientError>()(
  "NoConnectionControllerClientError",
  { message: fixed("No ConnectionController client found") }
) {}

export class SiwxInvalidCaipAddressError extends Schema.TaggedError<SiwxInvalidCaipAddressError>()(
  "SiwxInvalidCaipAddressError",
  { message: fixed("Invalid CAIP Address") }
) {}
