/**
 * The relay's bounds: what one message, one topic, one client and one socket may cost, and what the
 * store holds in all. A Schema, so the CLI's JSON configuration is checked by the same shape; every
 * field has a default sized for WalletConnect's traffic (a session settle is ~2 KiB, a busy wallet
 * publishes a few messages a second).
 */
import * as Schema from "effect/Schema"

const Positive = Schema.Int.check(Schema.isGreaterThan(0))

export const RelayLimits = Schema.Struct({
  /** Largest message body accepted, in UTF-8 bytes; larger publishes are refused (MessageTooLargeError). */
  maxMessageBytes: Schema.optionalKey(Positive),
  /** Messages kept per topic; a publish over it drops the topic's oldest. */
  maxMessagesPerTopic: Schema.optionalKey(Positive),
  /** Message bytes kept per topic; a publish over it drops the topic's oldest. */
  maxBytesPerTopic: Schema.optionalKey(Positive),
  /** Message bytes kept in all; the sweep drops the oldest messages over it. */
  maxStoredBytes: Schema.optionalKey(Positive),
  /** Publishes per client (the token's issuer) per window, as a token bucket; over it: RateLimitedError. */
  publishRate: Schema.optionalKey(Schema.Struct({ requests: Positive, perSeconds: Positive })),
  /** Topics one client may listen to at once, over all its sockets on this process. */
  maxSubscriptionsPerClient: Schema.optionalKey(Positive),
  /** Open sockets per process; upgrades over it are answered 503. */
  maxSockets: Schema.optionalKey(Positive),
  /** Requests of one socket waiting for the store; more are refused at once. */
  maxQueuedRequests: Schema.optionalKey(Positive),
  /** Bytes the relay may have queued for one socket that does not read them; past it the socket is cut. */
  maxBufferedBytes: Schema.optionalKey(Positive)
})
export type RelayLimits = typeof RelayLimits.Type

export const defaultLimits: Required<RelayLimits> = {
  maxMessageBytes: 512 * 1024,
  maxMessagesPerTopic: 100,
  maxBytesPerTopic: 4 * 1024 * 1024,
  maxStoredBytes: 256 * 1024 * 1024,
  publishRate: { requests: 300, perSeconds: 60 },
  maxSubscriptionsPerClient: 1000,
  maxSockets: 10_000,
  maxQueuedRequests: 64,
  maxBufferedBytes: 4 * 1024 * 1024
}

export const withDefaults = (limits: RelayLimits = {}): Required<RelayLimits> => ({ ...defaultLimits, ...limits })

