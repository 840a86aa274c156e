/** An Effect Clock the test moves by hand: the relay's message times, TTLs, token expiry and rate limits follow it. */
import type * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"

export const manualClock = (start = 1_800_000_000_000) => {
  let now = start
  const clock: Clock.Clock = {
    currentTimeMillisUnsafe: () => now,
    currentTimeMillis: Effect.sync(() => now),
    currentTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
    monotonicTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
    sleep: () => Effect.void
  }
  return {
    clock,
    now: () => now,
    /** Seconds since the epoch, for tokens issued now. */
    seconds: () => Math.floor(now / 1000),
    advance: (ms: number) => void (now += ms)
  }
}
