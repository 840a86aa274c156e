import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as CachedItem from "../../core/CachedItem.ts"

describe("CachedItem", () => {
  it("each cache keys entries by address, each entry carrying a timestamp", () => {
    const native = { "0xabc": { timestamp: 1_700_000_000_000, value: { balance: "1.5", symbol: "ETH" } } }
    assert.deepStrictEqual(Schema.decodeUnknownSync(CachedItem.NativeBalanceCache)(native), native)
    assert.isFalse(Schema.is(CachedItem.NativeBalanceCache)({ "0xabc": { value: { balance: "1", symbol: "ETH" } } }))
    // Identity is the API's class: stored JSON decodes into it.
    const identity = Schema.decodeUnknownSync(CachedItem.IdentityCache)({ "0xabc": { timestamp: 1, value: { name: "alice", avatar: null } } })
    assert.strictEqual(identity["0xabc"]?.value.name, "alice")
    assert.isTrue(Schema.is(CachedItem.NameLookupCache)({ "alice.portico": { timestamp: 1, value: { address: "0xabc" } } }))
    assert.isTrue(Schema.is(CachedItem.PortfolioBalanceCache)({ "0xabc": { timestamp: 1, value: [] } }))
  })

  it("foreign data does not pass for a cache", () => {
    assert.isFalse(Schema.is(CachedItem.PortfolioBalanceCache)({ "0xabc": { timestamp: "yesterday", value: [] } }))
    assert.isFalse(Schema.is(CachedItem.PortfolioBalanceCache)([1, 2]))
  })
})
