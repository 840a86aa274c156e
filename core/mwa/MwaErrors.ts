/**
 * What a Mobile Wallet Adapter session fails with. Every failure after the socket opened closes it (the
 * spec: discard the key material and close): a frame out of sequence, one that fails its tag, a
 * handshake that does not verify, or a JSON-RPC message that is not the answer asked for.
 */
import * as Schema from "effect/Schema"
import { ownFailure } from "../Connector.ts"

/** No wallet app opened the local socket within the spec's minimum wait (30 s): the visitor has none, or it did not start. */
export class WalletAppNotAnsweredError extends Schema.TaggedError<WalletAppNotAnsweredError>()("WalletAppNotAnsweredError", {
  message: Schema.String
}) {}
// Kept as it is by the connector that meets it (core/Connector.ts's `failure`); on the prototype, so the
// mark stays out of the class's public shape.
Object.defineProperty(WalletAppNotAnsweredError.prototype, ownFailure, { value: true })

/** The wallet broke the protocol: a bad handshake, frame, sequence number or message; the socket is closed. */
export class MwaProtocolError extends Schema.TaggedError<MwaProtocolError>()("MwaProtocolError", {
  reason: Schema.Literals(["handshake", "sequence", "tag", "message", "timeout", "closed"]),
  message: Schema.String
}) {}

/** The wallet answered a request with a JSON-RPC error (the spec's codes: -1 authorization failed, -3 not signed…). */
export class MwaWalletError extends Schema.TaggedError<MwaWalletError>()("MwaWalletError", {
  code: Schema.Int,
  message: Schema.String
}) {}

/** The spec's error codes a wallet answers with. */
export const errorCodes = {
  authorizationFailed: -1,
  invalidPayloads: -2,
  notSigned: -3,
  notSubmitted: -4,
  notCloned: -5,
  tooManyPayloads: -6,
  chainNotSupported: -7
} as const

export type MwaFailure = MwaProtocolError | MwaWalletError
