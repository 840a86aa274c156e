import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as Pending from "../../../core/send/PendingTransactions.ts"

const entry = (id: string): Pending.PendingTransaction => ({
  id, chain: "eip155:31337", from: "0xa", to: "0xb", amount: "1", symbol: "ETH", sentAt: 0
})

describe("pending transactions", () => {
  it("keeps at most 99, newest first, dropping the oldest", () => {
    let list: ReadonlyArray<Pending.PendingTransaction> = []
    for (let i = 0; i < 120; i++) list = Pending.add(list, entry(`0x${i}`))
    assert.strictEqual(list.length, 99)
    assert.strictEqual(list[0]?.id, "0x119")
    assert.strictEqual(list[98]?.id, "0x21")
  })

  it("property: never over the limit and never a repeated id", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 150 }), { maxLength: 400 }), (ids) => {
      const list = ids.reduce((acc, id) => Pending.add(acc, entry(String(id))), [] as ReadonlyArray<Pending.PendingTransaction>)
      assert.isAtMost(list.length, 99)
      assert.strictEqual(new Set(list.map((e) => e.id)).size, list.length)
    }))
  })

  it("settles mined entries: hex hashes in any case, base58 signatures exactly", () => {
    const list = [entry("0xAbC"), entry("5sigBase58"), entry("0xdef")]
    assert.deepStrictEqual(Pending.settle(list, ["0xabc", "5SIGBASE58"]).map((e) => e.id), ["5sigBase58", "0xdef"])
    assert.deepStrictEqual(Pending.settle(list, ["5sigBase58"]).map((e) => e.id), ["0xAbC", "0xdef"])
  })
})
