/**
 * The in-memory sign-in nonce store a flood can neither grow nor flush: a client holds at most its share
 * (its own oldest make room), a full store refuses new nonces instead of dropping outstanding ones, and
 * expired nonces make room again.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import * as MemoryNonces from "../../../http/server/MemoryNonces.ts"

const consume = (nonces: MemoryNonces.MemoryNonces, nonce: string) => nonces.store.consume(nonce)

describe("MemoryNonces", () => {
  it.effect("attack: a flood of nonce requests from one client leaves another client's outstanding nonce valid", () =>
    Effect.gen(function*() {
      const nonces = MemoryNonces.make({ capacity: 100, perClient: 4 })
      const victims = yield* nonces.issue("198.51.100.7")
      for (let index = 0; index < 10_000; index++) yield* nonces.issue("203.0.113.9")
      assert.isTrue(yield* consume(nonces, victims))
    }))

  it.effect("a client holds at most its share: its own oldest give way", () =>
    Effect.gen(function*() {
      const nonces = MemoryNonces.make({ perClient: 3 })
      const issued = yield* Effect.forEach([1, 2, 3, 4], () => nonces.issue("client"))
      assert.deepStrictEqual(yield* Effect.forEach(issued, (nonce) => consume(nonces, nonce)), [false, true, true, true])
    }))

  it.effect("attack: a flood of anonymous requests fills the store, which then refuses new nonces and keeps the outstanding ones", () =>
    Effect.gen(function*() {
      const nonces = MemoryNonces.make({ capacity: 50 })
      const first = yield* nonces.issue()
      for (let index = 0; index < 49; index++) yield* nonces.issue()
      const refused = yield* Effect.flip(nonces.issue("someone-else"))
      assert.strictEqual(refused._tag, "NonceCapacityError")
      assert.strictEqual(refused.retryAfter, 300)
      assert.isTrue(yield* consume(nonces, first))
      // A used nonce makes room for one more.
      yield* nonces.issue("someone-else")
    }))

  it.effect("expired nonces make room and are refused", () =>
    Effect.gen(function*() {
      const nonces = MemoryNonces.make({ capacity: 2, ttlMillis: 60_000 })
      const old = yield* nonces.issue()
      yield* nonces.issue()
      yield* TestClock.adjust("61 seconds")
      yield* nonces.issue()
      assert.isFalse(yield* consume(nonces, old))
    }))
})
