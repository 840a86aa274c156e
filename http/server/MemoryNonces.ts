/**
 * Sign-in nonces kept in memory, for a host backend running in one process (`portico/server`): 128
 * random bits each, valid for `ttlMillis`, used once. At most `capacity` are outstanding; issuing past
 * that forgets the oldest, so a flood of nonce requests costs bounded memory.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { bytesToHex } from "viem"
import { NonceStore } from "../../core/signin/SignInVerification.ts"

export interface MemoryNoncesOptions {
  /** How long an issued nonce may be used (default 5 minutes). */
  readonly ttlMillis?: number
  /** Outstanding nonces kept at most (default 10,000). */
  readonly capacity?: number
}

export interface MemoryNonces {
  /** A fresh nonce (32 hex characters), valid once. */
  readonly issue: Effect.Effect<string>
  readonly store: NonceStore["Service"]
  readonly layer: Layer.Layer<NonceStore>
}

/** A nonce: 16 CSPRNG bytes as 32 hex characters (EIP-4361 wants at least 8 alphanumerics). */
export const randomNonce = (): string => bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(16))).slice(2)

export const make = (options: MemoryNoncesOptions = {}): MemoryNonces => {
  const ttlMillis = options.ttlMillis ?? 5 * 60_000
  const capacity = options.capacity ?? 10_000
  // Insertion order is expiry order (one TTL for all), so the first entries are the oldest.
  const expiries = new Map<string, number>()
  const issue = Effect.map(Clock.currentTimeMillis, (now) => {
    for (const [nonce, expiresAt] of expiries) {
      if (expiresAt > now && expiries.size < capacity) break
      expiries.delete(nonce)
    }
    const nonce = randomNonce()
    expiries.set(nonce, now + ttlMillis)
    return nonce
  })
  const store = NonceStore.of({
    consume: (nonce) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const expiresAt = expiries.get(nonce)
        expiries.delete(nonce)
        return expiresAt !== undefined && expiresAt > now
      })
  })
  return { issue, store, layer: Layer.succeed(NonceStore, store) }
}
