import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import * as BrowserStorage from "../../app/BrowserStorage.ts"
import * as RecentWallets from "../../core/RecentWallets.ts"
import * as Storage from "../../core/Storage.ts"
import * as StorageKey from "../../core/StorageKey.ts"
import { memoryWebStorage } from "./support/Wallets.ts"

const wallet = fc.record({ id: fc.constantFrom("a", "b", "c", "d"), name: fc.string({ maxLength: 4 }) })

describe("RecentWallets.add", () => {
  it("keeps at most 2, newest first, no duplicate ids", () => {
    fc.assert(
      fc.property(fc.array(wallet, { maxLength: 12 }), (added) => {
        const list = added.reduce(RecentWallets.add<{ id: string; name: string }>, [])
        assert.isAtMost(list.length, 2)
        assert.strictEqual(new Set(list.map((w) => w.id)).size, list.length)
        const last = added.at(-1)
        if (last !== undefined) assert.deepStrictEqual(list[0], last)
        const distinctNewestFirst = added.toReversed().filter(
          (w, i, all) => all.findIndex((other) => other.id === w.id) === i
        )
        assert.deepStrictEqual(list, distinctNewestFirst.slice(0, 2))
      })
    )
  })

  it("re-adding an existing wallet moves it to the front", () => {
    const list = [{ id: "a" }, { id: "b" }].reduce(RecentWallets.add<{ id: string }>, [])
    assert.deepStrictEqual(RecentWallets.add(list, { id: "a" }), [{ id: "a" }, { id: "b" }])
    assert.deepStrictEqual(RecentWallets.add(list, { id: "c" }), [{ id: "c" }, { id: "b" }])
  })
})

describe("RecentWallets.normalize", () => {
  it("repairs stored lists: first occurrence wins, at most 2", () => {
    assert.deepStrictEqual(RecentWallets.normalize([{ id: "a" }, { id: "a" }, { id: "b" }, { id: "c" }]), [
      { id: "a" },
      { id: "b" }
    ])
    fc.assert(
      fc.property(fc.array(wallet), (stored) => {
        const list = RecentWallets.normalize(stored)
        assert.isAtMost(list.length, 2)
        assert.strictEqual(new Set(list.map((w) => w.id)).size, list.length)
      })
    )
  })
})

const stored = (value: unknown) => JSON.stringify(value)

describe("RecentWallets.storedIds", () => {
  it("reads the ids of a stored list, first of each id, at most the limit", () => {
    assert.deepStrictEqual(RecentWallets.storedIds(stored([{ id: "a", name: "A" }, { id: "b", name: "B" }])), ["a", "b"])
    assert.deepStrictEqual(RecentWallets.storedIds(stored([{ id: "a" }, { id: "a" }, { id: "b" }])), ["a", "b"])
    assert.deepStrictEqual(RecentWallets.storedIds(stored([{ id: "a" }, { id: "b" }, { id: "c" }])), ["a", "b"])
    assert.deepStrictEqual(RecentWallets.storedIds(stored([])), [])
  })

  it("reads anything missing, corrupt or of another shape as none", () => {
    const bad = [null, "", "[", "{}", "null", "\"a\"", "42", stored({ id: "a" }), stored(["a"]), stored([{ id: 1 }]), stored([{ name: "A" }]), stored([{ id: "a" }, null])]
    for (const value of bad) assert.deepStrictEqual(RecentWallets.storedIds(value), [], String(value))
    fc.assert(fc.property(fc.string(), (text) => {
      const ids = RecentWallets.storedIds(text)
      assert.isAtMost(ids.length, 2)
      assert.strictEqual(new Set(ids).size, ids.length)
    }))
  })

  it.effect("reads what the engine stores, under the engine's key", () =>
    Effect.gen(function*() {
      assert.strictEqual(RecentWallets.storageName, StorageKey.recentWallets.name)
      assert.strictEqual(RecentWallets.storageName, "@portico/recent_wallets")
      const samples = fc.sample(fc.array(wallet, { maxLength: 6 }), 50)
      for (const entries of samples) {
        const webStorage = memoryWebStorage()
        const read = yield* Effect.gen(function*() {
          const storage = yield* Storage.Storage
          yield* storage.set(StorageKey.recentWallets, entries)
          return RecentWallets.normalize(yield* storage.get(StorageKey.recentWallets)).map((entry) => entry.id)
        }).pipe(Effect.provide(BrowserStorage.layerWebStorage(webStorage)))
        assert.deepStrictEqual(RecentWallets.storedIds(webStorage.getItem(RecentWallets.storageName)), read)
      }
    }))
})
