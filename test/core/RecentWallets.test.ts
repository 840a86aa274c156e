import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as RecentWallets from "../../core/RecentWallets.ts"

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
