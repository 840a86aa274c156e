/**
 * Errors of the per-namespace chain adapters and the clients behind the network and connection
 * state (spec section 8, thrown messages).
 */
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

export class ChainNotSupportedError extends Schema.TaggedError<ChainNotSupportedError>()("ChainNotSupportedError", {
  message: fixed("Chain is not supported")
}) {}

export class ChainAdapterNotFoundError extends Schema.TaggedError<ChainAdapterNotFoundError>()(
  "ChainAdapterNotFoundError",
  { message: fixed("Chain adapter not found") }
) {}

export class NetworkClientNotSetError extends Schema.TaggedError<NetworkClientNotSetError>()(
  "NetworkClientNotSetError",
  { message: fixed("NetworkController client not set") }
) {}

export class ConnectionClientNotSetError extends Schema.TaggedError<ConnectionClientNotSetError>()(
  "ConnectionClientNotSetError",
  { message: fixed("ConnectionController client not set") }
) {}

export class NetworkNotFoundError extends Schema.TaggedError<NetworkNotFoundError>()("NetworkNotFoundError", {
  message: fixed("Network not found")
}) {}
