/**
 * Disconnect errors (spec section 8): disconnecting one connector, or every chain at once.
 */
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

export type DisconnectError = DisconnectFailedError | DisconnectChainsFailedError

export class DisconnectFailedError extends Schema.TaggedError<DisconnectFailedError>()("DisconnectFailedError", {
  message: fixed("Failed to disconnect"),
  cause: Schema.optional(Schema.Defect())
}) {}

export class DisconnectChainsFailedError extends Schema.TaggedError<DisconnectChainsFailedError>()(
  "DisconnectChainsFailedError",
  { message: fixed("Failed to disconnect chains"), cause: Schema.optional(Schema.Defect()) }
) {}
