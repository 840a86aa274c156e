/**
 * The token bucket behind the 429s: a full bucket per key, even refill, Retry-After in whole seconds.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { prefix64 } from "../../../http/server/ClientAddress.ts"
import { makeRateLimiter, withJitter } from "../../../http/server/RateLimiter.ts"

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

  it("takes a cost of several tokens at once, or none of them", () => {
    const limiter = makeRateLimiter({ requests: 10, perSeconds: 10 })
    expect(limiter.take("k", 0, 7)).toBe(0)
    // Three left: a cost of four waits for one more token and takes nothing meanwhile.
    expect(limiter.take("k", 0, 4)).toBe(1)
    expect(limiter.take("k", 0, 3)).toBe(0)
    expect(limiter.take("k", 0, 1)).toBe(1)
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

describe("rate limiter bounds", () => {
  it("keeps at most maxKeys buckets, whatever the number of distinct clients (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 400 }), fc.integer({ min: 1, max: 50 }), (clients, maxKeys) => {
        const limiter = makeRateLimiter({ requests: 3, perSeconds: 60 }, maxKeys)
        clients.forEach((client, index) => limiter.take(`p|${client}`, index))
        return limiter.size() <= maxKeys
      })
    )
  })

  it("still limits the clients it keeps: the most recent ones", () => {
    const limiter = makeRateLimiter({ requests: 1, perSeconds: 60 }, 2)
    expect(limiter.take("a", 0)).toBe(0)
    expect(limiter.take("b", 0)).toBe(0)
    expect(limiter.take("b", 1)).toBeGreaterThan(0)
    limiter.take("c", 2)
    // "a" was the least recently used: dropped, so it starts from a full bucket again.
    expect(limiter.take("a", 3)).toBe(0)
    expect(limiter.take("a", 4)).toBeGreaterThan(0)
  })
})

describe("Retry-After jitter", () => {
  it("never asks for less than the wait, at most half as long again (a second at least), and spreads clients", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 3_600 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (wait, random) => {
      const after = withJitter(wait, random)
      return Number.isInteger(after) && after >= wait && after <= wait + Math.max(1, Math.ceil(wait / 2))
    }))
    expect(new Set(Array.from({ length: 50 }, () => withJitter(10))).size).toBeGreaterThan(1)
  })
})

/** Eight 16-bit groups as IPv6 text. */
const ipv6 = (groups: ReadonlyArray<number>) => groups.map((group) => group.toString(16)).join(":")

describe("rate-limit keys", () => {
  it("key an IPv6 address by its /64 and anything else as it is", () => {
    expect(prefix64("2001:db8:a:b:c:d:e:f")).toBe("2001:db8:a:b::/64")
    expect(prefix64("2001:0DB8:000a:000b::1".toLowerCase())).toBe("2001:db8:a:b::/64")
    expect(prefix64("::1")).toBe("0:0:0:0::/64")
    expect(prefix64("fe80::1%eth0")).toBe("fe80:0:0:0::/64")
    expect(prefix64("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64")
    expect(prefix64("203.0.113.7")).toBe("203.0.113.7")
    expect(prefix64("unknown")).toBe("unknown")
  })

  it("give every address of one /64 the same key, and addresses of two /64s different keys", () => {
    const group = fc.integer({ min: 0, max: 0xffff })
    fc.assert(fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.array(group, { minLength: 4, maxLength: 4 }), (address, tail) => {
      const same = [...address.slice(0, 4), ...tail]
      expect(prefix64(ipv6(same))).toBe(prefix64(ipv6(address)))
      const other = [...address.slice(0, 3), (address[3] ?? 0) ^ 1, ...tail]
      expect(prefix64(ipv6(other))).not.toBe(prefix64(ipv6(address)))
    }))
  })
})
