/**
 * A token bucket per key (project + client address): `requests` tokens refilled evenly over
 * `perSeconds`. `take` answers 0 when the request may pass, otherwise the whole seconds to wait
 * (the Retry-After value). In memory: each server process limits its own share.
 */
import type { RateLimitOptions } from "./ServerOptions.ts"

interface Bucket {
  tokens: number
  at: number
}

export interface RateLimiter {
  readonly take: (key: string, now: number) => number
}

/** Buckets idle long enough to be full again are dropped past this many keys. */
const sweepThreshold = 10_000

export const makeRateLimiter = (options: RateLimitOptions): RateLimiter => {
  const buckets = new Map<string, Bucket>()
  const refillPerMilli = options.requests / (options.perSeconds * 1000)
  const refill = (bucket: Bucket, now: number) => Math.min(options.requests, bucket.tokens + (now - bucket.at) * refillPerMilli)
  return {
    take: (key, now) => {
      if (buckets.size > sweepThreshold) {
        for (const [k, bucket] of buckets) if (refill(bucket, now) >= options.requests) buckets.delete(k)
      }
      const bucket = buckets.get(key) ?? { tokens: options.requests, at: now }
      bucket.tokens = refill(bucket, now)
      bucket.at = now
      buckets.set(key, bucket)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return 0
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMilli / 1000))
    }
  }
}
