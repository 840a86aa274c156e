/**
 * WalletConnect pairing expiry (spec sections 4 and 9): a pairing URI lives 4 minutes; it counts
 * as expired when it has no expiry or under 10 s remain (exactly 10 s left is still valid).
 * Expiries are epoch milliseconds from Clock.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Constants from "./Constants.ts"

/** The expiry of a pairing created at `now`. */
export const expiryFrom = (now: number): number => now + Constants.pairingExpiryMillis

export const isExpiredAt = (expiry: number | undefined, now: number): boolean =>
  expiry === undefined || expiry - now < Constants.pairingExpiryThresholdMillis

/** The expiry of a pairing created now. */
export const makeExpiry: Effect.Effect<number> = Effect.map(Clock.currentTimeMillis, expiryFrom)

export const isExpired = (expiry: number | undefined): Effect.Effect<boolean> =>
  Effect.map(Clock.currentTimeMillis, (now) => isExpiredAt(expiry, now))
