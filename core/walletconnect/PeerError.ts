/** The peer answered with an error, or the session it concerned is gone: its code and message. */
import * as Schema from "effect/Schema"

export class PeerError extends Schema.TaggedError<PeerError>()("PeerError", {
  code: Schema.Number,
  message: Schema.String
}) {}

/**
 * The wallet settled a session the dapp cannot accept (a network, method, event or expiry it did not
 * propose, or no namespace left): the dapp refused it, with the protocol's reason.
 */
export class SettlementRefusedError extends Schema.TaggedError<SettlementRefusedError>()("SettlementRefusedError", {
  code: Schema.Number,
  message: Schema.String
}) {}
