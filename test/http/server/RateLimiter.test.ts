/**
 * The token bucket behind the 429s: a full bucket per key, even refill, Retry-After in whole seconds.
 */
import { describe, expect, it } from "vitest"
import { makeRateLimiter } from "../../../http/server/RateLimiter.ts"

describe("rate limiter", () => {
  it("lets `requests` through per window, then names the seconds until the next token", () => {
    const limiter = makeRateLimiter({ requests: 2, perSeconds: 10 })
    expect([limiter.take("p|a", 0), limiter.take("p|a", 0)]).toEqual([0, 0])
    // One token refills every 5 s.
    expect(limiter.take("p|a", 0)).toBe(5)
    expect(limiter.take("p|a", 4_000)).toBe(1)
    expect(limiter.take("p|a", 5_000)).toBe(0)
    expect(limiter.take("p|a", 5_000)).toBe(5)
  })

  it("keeps one bucket per project and client address", () => {
    const limiter = makeRateLimiter({ requests: 1, perSeconds: 60 })
    expect(limiter.take("p|a", 0)).toBe(0)
    expect(limiter.take("p|a", 0)).toBe(60)
    expect(limiter.take("p|b", 0)).toBe(0)
    expect(limiter.take("q|a", 0)).toBe(0)
  })

  it("never holds more than a full bucket after a long idle time", () => {
    const limiter = makeRateLimiter({ requests: 2, perSeconds: 1 })
    limiter.take("k", 0)
    const passed = [0, 1, 2].map(() => limiter.take("k", 3_600_000))
    expect(passed).toEqual([0, 0, 1])
  })
})
