/**
 * A token bucket per key (project + client address): `requests` tokens refilled evenly over
 * `perSeconds`. `take` answers 0 when the request may pass, otherwise the whole seconds to wait
 * (the Retry-After value). In memory: each server process limits its own share.
 *
 * Bounded: keys come from outside (client addresses), so at most `maxKeys` buckets are kept, the least
 * recently used dropped first (a dropped bucket is as good as full again, which an idle key's is anyway).
 */
import * as Effect from "effect/Effect"
import type { RateLimitOptions } from "./ServerOptions.ts"

/**
 * What the guard asks: 0 when the request may pass, otherwise the whole seconds to wait. `cost` tokens
 * are taken at once (default 1: a chain RPC batch costs one per call); a refused take takes nothing.
 */
export interface Limiter {
  readonly take: (key: string, now: number, cost?: number) => Effect.Effect<number>
  /** The most tokens a bucket holds: a cost above it never passes. */
  readonly capacity: number
  /** The same at once, where the buckets are in this process (kept responses are served only then). */
  readonly takeNow?: (key: string, now: number) => number
}

/** The in-memory buckets as the guard's limiter: each process limits its own share (PGlite, one process). */
export const memoryLimiter = (options: RateLimitOptions): Limiter => {
  const limiter = makeRateLimiter(options)
  return { take: (key, now, cost) => Effect.sync(() => limiter.take(key, now, cost)), takeNow: (key, now) => limiter.take(key, now), capacity: options.requests }
}

interface Bucket {
  tokens: number
  at: number
}

export interface RateLimiter {
  readonly take: (key: string, now: number, cost?: number) => number
  /** Buckets held now. */
  readonly size: () => number
}

export const defaultMaxKeys = 50_000

export const makeRateLimiter = (options: RateLimitOptions, maxKeys: number = defaultMaxKeys): RateLimiter => {
  // Insertion order is recency order: each take moves its key to the end, eviction takes the first.
  const buckets = new Map<string, Bucket>()
  const refillPerMilli = options.requests / (options.perSeconds * 1000)
  const refill = (bucket: Bucket, now: number) => Math.min(options.requests, bucket.tokens + (now - bucket.at) * refillPerMilli)
  return {
    take: (key, now, cost = 1) => {
      const bucket = buckets.get(key) ?? { tokens: options.requests, at: now }
      bucket.tokens = refill(bucket, now)
      bucket.at = now
      buckets.delete(key)
      buckets.set(key, bucket)
      for (const oldest of buckets.keys()) {
        if (buckets.size <= maxKeys) break
        buckets.delete(oldest)
      }
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost
        return 0
      }
      return Math.max(1, Math.ceil((cost - bucket.tokens) / refillPerMilli / 1000))
    },
    size: () => buckets.size
  }
}

/**
 * The Retry-After to send for a `wait`: up to half as long again (at least a second more), at random,
 * so clients refused in the same instant do not all return in the same instant.
 */
export const withJitter = (wait: number, random: number = Math.random()): number => wait + Math.floor(random * (Math.max(1, Math.ceil(wait / 2)) + 1))
