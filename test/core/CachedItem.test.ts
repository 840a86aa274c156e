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
    // Names and balances are the API's answers too.
    const name = { name: "alice.portico.id", registered: "1", updated: "1", addresses: {}, attributes: {} }
    assert.strictEqual(Schema.decodeUnknownSync(CachedItem.NameLookupCache)({ "alice.portico.id": { timestamp: 1, value: name } })["alice.portico.id"]?.value.name, name.name)
    assert.deepStrictEqual(Schema.decodeUnknownSync(CachedItem.PortfolioBalanceCache)({ "eip155:1|0xabc": { timestamp: 1, value: { balances: [] } } })["eip155:1|0xabc"]?.value.balances, [])
  })

  it("foreign data does not pass for a cache", () => {
    const decodes = Schema.is(Schema.toEncoded(CachedItem.PortfolioBalanceCache))
    assert.isFalse(decodes({ "0xabc": { timestamp: "yesterday", value: { balances: [] } } }))
    assert.isFalse(decodes({ "0xabc": { timestamp: 1, value: [] } }))
    assert.isFalse(decodes([1, 2]))
  })
})
