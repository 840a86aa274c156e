/**
 * Sign-in nonces kept in memory, for a host backend running in one process (`portico/server`): 128
 * random bits each, valid for `ttlMillis`, used once.
 *
 * Bounded so that a flood can neither grow it nor flush it: a client (its address, as the caller names
 * it) holds at most `perClient` outstanding nonces, a new one replacing that client's oldest; and at most
 * `capacity` are outstanding in all, past which issuing is refused (`NonceCapacityError`) until some
 * expire or are used — an outstanding nonce is never dropped to make room for someone else's.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { bytesToHex } from "viem"
import { NonceStore } from "../../core/signin/SignInVerification.ts"

export interface MemoryNoncesOptions {
  /** How long an issued nonce may be used (default 5 minutes). */
  readonly ttlMillis?: number
  /** Outstanding nonces kept at most, in all (default 10,000). */
  readonly capacity?: number
  /** Outstanding nonces one client holds at most (default 8). */
  readonly perClient?: number
}

export interface MemoryNonces {
  /**
   * A fresh nonce (32 hex characters), valid once. `client` names who asks (its address): one client
   * then cannot hold more than `perClient`. Without it the caller is every client at once.
   */
  readonly issue: (client?: string) => Effect.Effect<string, NonceCapacityError>
  readonly store: NonceStore["Service"]
  readonly layer: Layer.Layer<NonceStore>
}

/** A nonce: 16 CSPRNG bytes as 32 hex characters (EIP-4361 wants at least 8 alphanumerics). */
export const randomNonce = (): string => bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(16))).slice(2)

interface Outstanding {
  readonly expiresAt: number
  readonly client: string | undefined
}

export const make = (options: MemoryNoncesOptions = {}): MemoryNonces => {
  const ttlMillis = options.ttlMillis ?? 5 * 60_000
  const capacity = options.capacity ?? 10_000
  const perClient = options.perClient ?? 8
  // Insertion order is expiry order (one TTL for all), so the first entries are the oldest.
  const outstanding = new Map<string, Outstanding>()
  const byClient = new Map<string, Array<string>>()

  const forget = (nonce: string) => {
    const entry = outstanding.get(nonce)
    outstanding.delete(nonce)
    if (entry?.client === undefined) return
    const held = byClient.get(entry.client)?.filter((other) => other !== nonce) ?? []
    if (held.length === 0) byClient.delete(entry.client)
    else byClient.set(entry.client, held)
  }

  const issue = (client?: string) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      for (const [nonce, entry] of outstanding) {
        if (entry.expiresAt > now) break
        forget(nonce)
      }
      if (client !== undefined) {
        const held = byClient.get(client) ?? []
        for (const oldest of held.slice(0, Math.max(0, held.length - perClient + 1))) forget(oldest)
      }
      if (outstanding.size >= capacity) return Effect.fail(NonceCapacityError.of(Math.ceil(ttlMillis / 1000)))
      const nonce = randomNonce()
      outstanding.set(nonce, { expiresAt: now + ttlMillis, client })
      if (client !== undefined) byClient.set(client, [...(byClient.get(client) ?? []), nonce])
      return Effect.succeed(nonce)
    })

  const store = NonceStore.of({
    consume: (nonce) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const entry = outstanding.get(nonce)
        forget(nonce)
        return entry !== undefined && entry.expiresAt > now
      })
  })
  return { issue, store, layer: Layer.succeed(NonceStore, store) }
}

/** Every nonce the store may hold is outstanding: none is issued until some expire or are used. */
export class NonceCapacityError extends Schema.TaggedError<NonceCapacityError>()("NonceCapacityError", {
  message: Schema.String,
  /** Seconds after which some will have expired. */
  retryAfter: Schema.Int
}) {
  static of(retryAfter: number): NonceCapacityError {
    return new NonceCapacityError({ message: `Too many sign-ins in progress: retry in ${retryAfter} seconds`, retryAfter })
  }
}
