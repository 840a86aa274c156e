/**
 * Errors of the embedded wallet (the email/social wallet that runs in a frame), spec sections 6
 * and 8.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

/** The frame's own error message, or 'An error occurred' when it sent none. */
export class EmbeddedWalletError extends Schema.TaggedError<EmbeddedWalletError>()("EmbeddedWalletError", {
  message: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed("An error occurred")))
}) {}

/** An in-flight RPC request aborted because the visitor rejected (safe requests are never aborted). */
export class RpcRequestAbortedError extends Schema.TaggedError<RpcRequestAbortedError>()("RpcRequestAbortedError", {
  message: fixed("Request was aborted")
}) {}

/** Any other frame failure. */
export class EmbeddedWalletUnknownError extends Schema.TaggedError<EmbeddedWalletUnknownError>()(
  "EmbeddedWalletUnknownError",
  { message: fixed("Something went wrong") }
) {}

export class EmailLoginDependencyError extends Schema.TaggedError<EmailLoginDependencyError>()(
  "EmailLoginDependencyError",
  { message: fixed("Unable to load email login dependency") }
) {}

/** The frame did not load in time; reported as the event `iframe_load_failed`. */
export class FrameLoadFailedError extends Schema.TaggedError<FrameLoadFailedError>()("FrameLoadFailedError", {
  message: fixed("iframe_load_failed")
}) {}

/** A frame request did not answer in time; reported as the event `iframe_request_timeout`. */
export class FrameRequestTimeoutError extends Schema.TaggedError<FrameRequestTimeoutError>()(
  "FrameRequestTimeoutError",
  { message: fixed("iframe_request_timeout") }
) {}

export class AuthConnectorNotFoundError extends Schema.TaggedError<AuthConnectorNotFoundError>()(
  "AuthConnectorNotFoundError",
  { message: fixed("Address or auth connector not found") }
) {}

/** A method outside the embedded wallet's safe and approval lists; the UI shows `uiText`. */
export class RpcCallNotAllowedError extends Schema.TaggedError<RpcCallNotAllowedError>()("RpcCallNotAllowedError", {
  message: fixed("Requested RPC call is not allowed"),
  uiText: fixed("Action not allowed")
}) {}
