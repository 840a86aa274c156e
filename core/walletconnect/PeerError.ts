/** The peer answered with an error, or the session it concerned is gone: its code and message. */
import * as Schema from "effect/Schema"

export class PeerError extends Schema.TaggedError<PeerError>()("PeerError", {
  code: Schema.Number,
  message: Schema.String
}) {}
