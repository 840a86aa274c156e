import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { keyOf, makeChainRpcCache } from "../../../http/server/ChainRpcCache.ts"

describe("chain RPC cache", () => {
  it("drops the least recently used entry past its capacity", () => {
    const cache = makeChainRpcCache(2)
    cache.set("a", 1)
    cache.set("b", 2)
    expect(cache.get("a")).toBe(1)
    cache.set("c", 3)
    expect(cache.get("b")).toBeUndefined()
    expect(cache.get("a")).toBe(1)
    expect(cache.get("c")).toBe(3)
  })

  it("property: never holds more than its capacity", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.string(), { maxLength: 200 }), (capacity, keys) => {
      const cache = makeChainRpcCache(capacity)
      for (const key of keys) cache.set(key, key)
      expect(cache.size()).toBeLessThanOrEqual(capacity)
    }))
  })

  it("keys name the network, the method and the params", () => {
    expect(keyOf("eip155:1", "eth_chainId", undefined)).toBe("eip155:1|eth_chainId|[]")
    expect(keyOf("eip155:1", "m", ["x"])).not.toBe(keyOf("eip155:2", "m", ["x"]))
  })
})
