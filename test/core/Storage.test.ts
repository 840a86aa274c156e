import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Storage from "../../core/Storage.ts"
import * as StorageKey from "../../core/StorageKey.ts"
import * as BrowserStorage from "../../app/BrowserStorage.ts"

/** A Web Storage over a Map whose operations can be made to throw, like a full or blocked localStorage. */
class FakeWebStorage implements globalThis.Storage {
  readonly map = new Map<string, string>()
  failGet: DOMException | undefined
  failSet: DOMException | undefined
  get length() {
    return this.map.size
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  getItem(key: string) {
    if (this.failGet !== undefined) throw this.failGet
    return this.map.get(key) ?? null
  }
  setItem(key: string, value: string) {
    if (this.failSet !== undefined) throw this.failSet
    this.map.set(key, value)
  }
  removeItem(key: string) {
    if (this.failSet !== undefined) throw this.failSet
    this.map.delete(key)
  }
  clear() {
    this.map.clear()
  }
}

const withFake = <A, E>(fake: FakeWebStorage, body: (storage: Storage.Storage["Service"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(Effect.service(Storage.Storage), body).pipe(Effect.provide(BrowserStorage.layerWebStorage(fake)))

const session = {
  data: {
    accountAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
    chainId: "eip155:1" as const,
    domain: "example.com",
    uri: "https://example.com",
    version: "1",
    nonce: "abc"
  },
  message: "example.com wants you to sign in",
  signature: "0x1234"
}

describe("StorageKey", () => {
  it("names are unique and prefixed", () => {
    const names = StorageKey.all.map((key) => key.name)
    assert.strictEqual(new Set(names).size, names.length)
    for (const name of names) assert.isTrue(name.startsWith(StorageKey.prefix), name)
    assert.strictEqual(StorageKey.all.length, 19)
  })
})

describe("Storage (memory)", () => {
  it.effect("every key reads its default when empty", () =>
    Effect.gen(function*() {
      const storage = yield* Storage.Storage
      for (const key of StorageKey.all) assert.deepStrictEqual(yield* storage.get(key), key.defaultValue, key.name)
    }).pipe(Effect.provide(Storage.layerMemory)))

  it.effect("values round-trip, remove restores the default, clear removes every key", () =>
    Effect.gen(function*() {
      const storage = yield* Storage.Storage
      yield* storage.set(StorageKey.walletId, "io.metamask")
      yield* storage.set(StorageKey.recentWallets, [{ id: "a", name: "A" }])
      yield* storage.set(StorageKey.siwxSessions, [session])
      yield* storage.set(StorageKey.lastEmailLoginTime, 1_700_000_000_000)
      yield* storage.set(StorageKey.nativeBalanceCache, { "0xabc": { timestamp: 5, value: { balance: "1.5", symbol: "ETH" } } })
      assert.strictEqual(yield* storage.get(StorageKey.walletId), "io.metamask")
      assert.deepStrictEqual(yield* storage.get(StorageKey.recentWallets), [{ id: "a", name: "A" }])
      assert.deepStrictEqual(yield* storage.get(StorageKey.siwxSessions), [session])
      assert.strictEqual(yield* storage.get(StorageKey.lastEmailLoginTime), 1_700_000_000_000)
      yield* storage.remove(StorageKey.walletId)
      assert.strictEqual(yield* storage.get(StorageKey.walletId), null)
      yield* storage.clear
      assert.deepStrictEqual(yield* storage.get(StorageKey.recentWallets), [])
      assert.deepStrictEqual(yield* storage.get(StorageKey.nativeBalanceCache), {})
    }).pipe(Effect.provide(Storage.layerMemory)))

  it.effect("a value the schema cannot encode is a typed encode error", () =>
    Effect.gen(function*() {
      const storage = yield* Storage.Storage
      const error = yield* Effect.flip(storage.set(StorageKey.lastEmailLoginTime, Number.NaN))
      assert.strictEqual(error._tag, "StorageWriteError")
      assert.strictEqual(error.reason, "encode")
    }).pipe(Effect.provide(Storage.layerMemory)))
})

describe("Storage (web storage)", () => {
  it.effect("writes JSON under the prefixed key", () => {
    const fake = new FakeWebStorage()
    return withFake(fake, (storage) =>
      Effect.gen(function*() {
        yield* storage.set(StorageKey.activeNamespace, "solana")
        assert.strictEqual(fake.map.get("@portico/active_namespace"), '"solana"')
        yield* storage.set(StorageKey.emailLogin, true)
        assert.strictEqual(fake.map.get("@portico/email_login"), "true")
      }))
  })

  it.effect("corrupt JSON and wrong shapes read as the default", () => {
    const fake = new FakeWebStorage()
    const corrupt: ReadonlyArray<readonly [StorageKey.StorageKey<unknown>, string]> = [
      [StorageKey.walletId, "{not json"],
      [StorageKey.walletName, "42"],
      [StorageKey.recentWallets, '{"id":"a"}'],
      [StorageKey.recentWallets, '[{"name":"no id"}]'],
      [StorageKey.activeNamespace, '"tron"'],
      [StorageKey.activeCaipNetworkId, '"no-colon"'],
      [StorageKey.connectionStatus, '"connecting"'],
      [StorageKey.connectedSocial, '"myspace"'],
      [StorageKey.siwxSessions, '[{"message":"m"}]'],
      [StorageKey.preferredAccountTypes, '{"eip155":"admin"}'],
      [StorageKey.emailLogin, '"yes"'],
      [StorageKey.lastEmailLoginTime, '"yesterday"'],
      [StorageKey.smartAccountEnabledNetworks, "[1.5]"],
      [StorageKey.portfolioCache, '{"0xabc":{"value":[]}}'],
      [StorageKey.identityCache, "null"],
      [StorageKey.ensCache, ""]
    ]
    return withFake(fake, (storage) =>
      Effect.gen(function*() {
        for (const [key, raw] of corrupt) {
          fake.map.set(key.name, raw)
          assert.deepStrictEqual(yield* storage.get(key), key.defaultValue, `${key.name} = ${raw}`)
        }
      }))
  })

  it.effect("QuotaExceededError on write is a typed error; reads still work", () => {
    const fake = new FakeWebStorage()
    return withFake(fake, (storage) =>
      Effect.gen(function*() {
        yield* storage.set(StorageKey.walletId, "before")
        fake.failSet = new DOMException("The quota has been exceeded.", "QuotaExceededError")
        const exit = yield* Effect.exit(storage.set(StorageKey.walletId, "after"))
        assert.isTrue(Exit.isFailure(exit))
        const error = yield* Effect.flip(storage.set(StorageKey.walletId, "after"))
        assert.strictEqual(error.reason, "quota")
        assert.strictEqual(error.key, "@portico/wallet_id")
        assert.strictEqual(yield* storage.get(StorageKey.walletId), "before")
        // callers may ignore it
        yield* Effect.ignore(storage.set(StorageKey.walletId, "after"))
      }))
  })

  it.effect("SecurityError on read gives the default; on write a typed error", () => {
    const fake = new FakeWebStorage()
    fake.failGet = new DOMException("The operation is insecure.", "SecurityError")
    fake.failSet = new DOMException("The operation is insecure.", "SecurityError")
    return withFake(fake, (storage) =>
      Effect.gen(function*() {
        assert.deepStrictEqual(yield* storage.get(StorageKey.recentWallets), [])
        const error = yield* Effect.flip(storage.remove(StorageKey.recentWallets))
        assert.strictEqual(error.reason, "security")
      }))
  })
})

describe("BrowserStorage.layerBrowser", () => {
  const useLayer = Effect.gen(function*() {
    const storage = yield* Storage.Storage
    yield* storage.set(StorageKey.walletName, "Demo")
    return yield* storage.get(StorageKey.walletName)
  })

  it.effect("falls back to memory without localStorage (SSR)", () =>
    Effect.gen(function*() {
      assert.isUndefined(Reflect.get(globalThis, "localStorage"))
      assert.strictEqual(yield* useLayer.pipe(Effect.provide(BrowserStorage.layerBrowser)), "Demo")
    }))

  it.effect("falls back to memory when touching localStorage throws, and uses it when present", () =>
    Effect.gen(function*() {
      const blocked = Effect.acquireRelease(
        Effect.sync(() =>
          Object.defineProperty(globalThis, "localStorage", {
            configurable: true,
            get: () => {
              throw new DOMException("denied", "SecurityError")
            }
          })
        ),
        () => Effect.sync(() => Reflect.deleteProperty(globalThis, "localStorage"))
      )
      assert.strictEqual(
        yield* Effect.scoped(Effect.andThen(blocked, useLayer.pipe(Effect.provide(BrowserStorage.layerBrowser)))),
        "Demo"
      )

      const fake = new FakeWebStorage()
      const present = Effect.acquireRelease(
        Effect.sync(() => Object.defineProperty(globalThis, "localStorage", { configurable: true, value: fake })),
        () => Effect.sync(() => Reflect.deleteProperty(globalThis, "localStorage"))
      )
      yield* Effect.scoped(Effect.andThen(present, useLayer.pipe(Effect.provide(Layer.fresh(BrowserStorage.layerBrowser)))))
      assert.strictEqual(fake.map.get("@portico/wallet_name"), '"Demo"')
    }))
})
