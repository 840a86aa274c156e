import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import * as Constants from "../../core/Constants.ts"
import { NameAccount } from "../../core/Name.ts"
import * as Storage from "../../core/Storage.ts"
import * as StorageKey from "../../core/StorageKey.ts"
import * as TtlCache from "../../core/TtlCache.ts"

const alice = "0x52908400098527886E0F7030069857D2E4169EE7"

const caches = [
  { name: "balance", make: TtlCache.makeBalance<string>, ttl: Constants.balanceCacheTtlMillis, expected: 30_000 },
  {
    name: "native balance",
    make: TtlCache.makeNativeBalance<string>,
    ttl: Constants.nativeBalanceCacheTtlMillis,
    expected: 30_000
  },
  { name: "name", make: TtlCache.makeName<string>, ttl: Constants.nameCacheTtlMillis, expected: 300_000 },
  { name: "identity", make: TtlCache.makeIdentity<string>, ttl: Constants.identityCacheTtlMillis, expected: 300_000 }
] as const

describe("TtlCache boundaries", () => {
  for (const cache of caches) {
    it.effect(`${cache.name}: TTL - 1 ms is a hit, TTL is a miss`, () =>
      Effect.gen(function*() {
        assert.strictEqual(cache.ttl, cache.expected)
        const store = yield* cache.make()
        assert.strictEqual(store.ttlMillis, cache.expected)
        yield* TestClock.adjust(1_234)
        yield* store.set(alice, "1.5")
        const entry = yield* store.getEntry(alice)
        assert.deepStrictEqual(entry, Option.some({ value: "1.5", timestamp: 1_234 }))
        yield* TestClock.adjust(cache.ttl - 1)
        assert.deepStrictEqual(yield* store.get(alice), Option.some("1.5"))
        yield* TestClock.adjust(1)
        assert.deepStrictEqual(yield* store.get(alice), Option.none())
      }))
  }

  it("isFresh: fresh exactly when 0 <= age < ttl", () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 1e6 }), (t, age, ttl) => {
        assert.strictEqual(TtlCache.isFresh({ timestamp: t }, t + age, ttl), age >= 0 && age < ttl)
      })
    )
  })
})

describe("TtlCache behaviour", () => {
  it.effect("EVM keys are case-insensitive, other keys exact", () =>
    Effect.gen(function*() {
      const cache = yield* TtlCache.makeBalance<number>()
      yield* cache.set(alice, 1)
      assert.deepStrictEqual(yield* cache.get(alice.toLowerCase()), Option.some(1))
      const solana = "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"
      yield* cache.set(solana, 2)
      assert.deepStrictEqual(yield* cache.get(solana.toLowerCase()), Option.none())
      assert.deepStrictEqual(yield* cache.get(solana), Option.some(2))
    }))

  it.effect("getOrFetch fetches on a miss only, and does not cache failures", () =>
    Effect.gen(function*() {
      const cache = yield* TtlCache.makeName<string>()
      const calls = yield* Ref.make(0)
      const fetch = Effect.as(Ref.update(calls, (n) => n + 1), "alice.eth")
      assert.strictEqual(yield* cache.getOrFetch(alice, fetch), "alice.eth")
      assert.strictEqual(yield* cache.getOrFetch(alice, fetch), "alice.eth")
      assert.strictEqual(yield* Ref.get(calls), 1)
      yield* TestClock.adjust(Constants.nameCacheTtlMillis)
      assert.strictEqual(yield* cache.getOrFetch(alice, fetch), "alice.eth")
      assert.strictEqual(yield* Ref.get(calls), 2)

      const other = "0x0000000000000000000000000000000000000001"
      const failed = yield* Effect.flip(cache.getOrFetch(other, Effect.fail("down")))
      assert.strictEqual(failed, "down")
      assert.deepStrictEqual(yield* cache.get(other), Option.none())
    }))

  it.effect("invalidate and clear drop entries", () =>
    Effect.gen(function*() {
      const cache = yield* TtlCache.makeIdentity<number>()
      yield* cache.set("a", 1)
      yield* cache.set("b", 2)
      yield* cache.invalidate("a")
      assert.deepStrictEqual(yield* cache.get("a"), Option.none())
      assert.deepStrictEqual(yield* cache.get("b"), Option.some(2))
      yield* cache.clear
      assert.deepStrictEqual(yield* cache.get("b"), Option.none())
    }))

  it.effect("seeded entries keep their timestamps; stale and future ones are ignored; entries() lists fresh ones", () =>
    Effect.gen(function*() {
      yield* TestClock.adjust(100_000)
      const cache = yield* TtlCache.makeBalance<number>({
        initial: [
          ["fresh", { value: 1, timestamp: 100_000 - 29_999 }],
          ["stale", { value: 2, timestamp: 100_000 - 30_000 }],
          ["future", { value: 3, timestamp: 100_001 }]
        ]
      })
      assert.deepStrictEqual(yield* cache.get("fresh"), Option.some(1))
      assert.deepStrictEqual(yield* cache.get("stale"), Option.none())
      assert.deepStrictEqual(yield* cache.get("future"), Option.none())
      const entries = yield* cache.entries
      assert.deepStrictEqual([...entries.keys()], ["fresh"])
    }))

  it.effect("persisted caches load from and write back to their storage key", () =>
    Effect.gen(function*() {
      const storage = yield* Storage.Storage
      yield* TestClock.adjust(50_000)
      yield* storage.set(StorageKey.nativeBalanceCache, {
        "0xabc": { timestamp: 45_000, value: { balance: "1", symbol: "ETH" } },
        "0xold": { timestamp: 10_000, value: { balance: "9", symbol: "ETH" } }
      })
      const cache = yield* TtlCache.persistedNativeBalance
      assert.deepStrictEqual(yield* cache.get("0xabc"), Option.some({ balance: "1", symbol: "ETH" }))
      assert.deepStrictEqual(yield* cache.get("0xold"), Option.none())
      yield* cache.set("0xdef", { balance: "2", symbol: "ETH" })
      assert.deepStrictEqual(yield* storage.get(StorageKey.nativeBalanceCache), {
        "0xabc": { timestamp: 45_000, value: { balance: "1", symbol: "ETH" } },
        "0xdef": { timestamp: 50_000, value: { balance: "2", symbol: "ETH" } }
      })
      yield* cache.clear
      assert.deepStrictEqual(yield* storage.get(StorageKey.nativeBalanceCache), {})
      const identity = yield* TtlCache.persistedIdentity
      assert.strictEqual(identity.ttlMillis, Constants.identityCacheTtlMillis)
    }).pipe(Effect.provide(Storage.layerMemory)))

  it.effect("a persisted cache keeps working when the write fails (quota)", () => {
    const fullStorage = Layer.succeed(
      Storage.Storage,
      Storage.Storage.of({
        get: (key) => Effect.succeed(key.defaultValue),
        set: (key) => Effect.fail(new Storage.StorageWriteError({ key: key.name, reason: "quota", message: "full" })),
        remove: () => Effect.die("not used"),
        clear: Effect.die("not used")
      })
    )
    return Effect.gen(function*() {
      const cache = yield* TtlCache.persistedName
      const account = new NameAccount({ name: "alice.eth", registered: "1", updated: "1", addresses: {}, attributes: {} })
      yield* cache.set("alice.eth", account)
      assert.deepStrictEqual(yield* cache.get("alice.eth"), Option.some(account))
    }).pipe(Effect.provide(fullStorage))
  })
})

describe("TtlCache bounds", () => {
  type Op = { readonly kind: "set"; readonly key: number } | { readonly kind: "get"; readonly key: number } | { readonly kind: "wait"; readonly millis: number }
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant("set" as const), key: fc.integer({ min: 0, max: 30 }) }),
    fc.record({ kind: fc.constant("get" as const), key: fc.integer({ min: 0, max: 30 }) }),
    fc.record({ kind: fc.constant("wait" as const), millis: fc.integer({ min: 0, max: 400 }) })
  )

  it.effect("never holds more than its capacity, never serves an expired entry, and agrees with an LRU model", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 120 }), fc.integer({ min: 1, max: 8 }), async (ops, capacity) =>
          Effect.runPromise(Effect.gen(function*() {
            const ttl = 1_000
            const cache = yield* TtlCache.make<number>(ttl, { capacity })
            // The model: keys in recency order with the time each was written.
            let model: Array<{ key: string; at: number }> = []
            let now = 0
            for (const step of ops) {
              if (step.kind === "wait") {
                now += step.millis
                yield* TestClock.adjust(step.millis)
              } else if (step.kind === "set") {
                const key = `k${step.key}`
                yield* cache.set(key, now)
                model = [...model.filter((entry) => entry.key !== key), { key, at: now }].slice(-capacity)
              } else {
                const key = `k${step.key}`
                const found = model.find((entry) => entry.key === key)
                const fresh = found !== undefined && now - found.at < ttl
                const got = yield* cache.get(key)
                assert.deepStrictEqual(got, fresh ? Option.some(found.at) : Option.none(), `get ${key} at ${now}`)
                model = model.filter((entry) => entry.key !== key)
                if (fresh) model.push(found)
              }
              assert.isAtMost(yield* cache.size, capacity)
            }
          }).pipe(Effect.provide(TestClock.layer())))
        ),
        { numRuns: 200 }
      )
    ))

  it.effect("100,000 distinct keys leave it at its capacity", () =>
    Effect.gen(function*() {
      const cache = yield* TtlCache.make<number>(60_000, { capacity: 500 })
      for (let i = 0; i < 100_000; i++) yield* cache.set(`0x${i.toString(16).padStart(40, "0")}`, i)
      assert.strictEqual(yield* cache.size, 500)
      assert.deepStrictEqual(yield* cache.get(`0x${(99_999).toString(16).padStart(40, "0")}`), Option.some(99_999))
      assert.deepStrictEqual(yield* cache.get(`0x${(0).toString(16).padStart(40, "0")}`), Option.none())
    }))
})
