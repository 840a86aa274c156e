/**
 * WalletConnect connection state (spec §3 "Connection state") and its reset (spec §4).
 */
import * as Schema from "effect/Schema"

export const ConnectionStatus = Schema.Literals(["disconnected", "connecting", "connected"])
export type ConnectionStatus = typeof ConnectionStatus.Type

/** A wallet picked in the list, remembered so the connecting view can show it. */
export const RecentWallet = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  imageUrl: Schema.optionalKey(Schema.String)
})
export type RecentWallet = typeof RecentWallet.Type

/** The deep link a mobile wallet was opened with. */
export const WcLinking = Schema.Struct({
  name: Schema.String,
  href: Schema.String
})

export const ConnectionState = Schema.Struct({
  wcUri: Schema.optionalKey(Schema.String),
  /** Epoch milliseconds after which the pairing URI is no longer valid. */
  wcPairingExpiry: Schema.optionalKey(Schema.Number),
  wcLinking: Schema.optionalKey(WcLinking),
  recentWallet: Schema.optionalKey(RecentWallet),
  wcError: Schema.Boolean,
  buffering: Schema.Boolean,
  status: ConnectionStatus
})
export type ConnectionState = typeof ConnectionState.Type

export const initial: ConnectionState = { wcError: false, buffering: false, status: "disconnected" }

/** Spec §4: resetting clears the URI, expiry, linking and recent wallet, and sets disconnected. */
export const reset = (state: ConnectionState): ConnectionState => ({
  wcError: state.wcError,
  buffering: state.buffering,
  status: "disconnected"
})
