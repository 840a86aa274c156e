import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as BalanceSource from "../../../core/send/BalanceSource.ts"

describe("balance source", () => {
  it("asset discovery is read per chain from the capabilities answer", () => {
    assert.isTrue(BalanceSource.supportsAssetDiscovery({ "0x7a69": { assetDiscovery: { supported: true } } }, "0x7A69"))
    assert.isFalse(BalanceSource.supportsAssetDiscovery({ "0x7a69": { assetDiscovery: { supported: false } } }, "0x7a69"))
    assert.isFalse(BalanceSource.supportsAssetDiscovery({ "0x7a6a": { assetDiscovery: { supported: true } } }, "0x7a69"))
    assert.isFalse(BalanceSource.supportsAssetDiscovery({ "0x7a69": { atomic: { status: "supported" } } }, "0x7a69"))
    assert.isFalse(BalanceSource.supportsAssetDiscovery("nonsense", "0x7a69"))
  })

  it("wallet_getAssets entries become token balances; unreadable ones are skipped", () => {
    const answer = {
      "0x7a69": [
        { address: "native", balance: "0xde0b6b3a7640000", type: "native", metadata: { name: "Ether", symbol: "ETH", decimals: 18 } },
        { address: "0xabc", balance: "0x16e360", type: "erc20", metadata: { name: "USD Coin", symbol: "USDC", decimals: 6 } },
        { address: "0xdef", balance: "not hex", type: "erc20", metadata: { name: "Bad", symbol: "BAD", decimals: 6 } }
      ]
    }
    const balances = BalanceSource.balancesFromAssets(answer, "0x7a69", "eip155:31337", (symbol) => `https://api/public/getTokenImage/${symbol}`)
    assert.deepStrictEqual(balances.map((b) => [b.symbol, b.quantity.numeric, b.address, b.iconUrl]), [
      ["ETH", "1", undefined, "https://api/public/getTokenImage/ETH"],
      ["USDC", "1.5", "eip155:31337:0xabc", "https://api/public/getTokenImage/USDC"]
    ])
  })

  it.effect("the service's zero-decimals balances are dropped (spec §5)", () =>
    Effect.gen(function*() {
      const service: BalanceSource.BalanceService<never> = {
        iconFor: (symbol) => symbol,
        fetch: () => Effect.succeed([
          { name: "A", symbol: "A", chainId: "eip155:1", iconUrl: "", quantity: { decimals: "0", numeric: "3" } },
          { name: "B", symbol: "B", chainId: "eip155:1", iconUrl: "", quantity: { decimals: "6", numeric: "3" } }
        ])
      }
      const balances = yield* BalanceSource.fetch(undefined, service, "0xabc", "eip155:1")
      assert.deepStrictEqual(balances.map((b) => b.symbol), ["B"])
    }))

  it.effect("a refresh after a send or on demand bypasses the balance cache; a switch or wallet event does not", () =>
    Effect.gen(function*() {
      const asked: Array<boolean> = []
      const service: BalanceSource.BalanceService<never> = {
        iconFor: (symbol) => symbol,
        fetch: (_address, _network, options) => Effect.sync(() => (asked.push(options.forceUpdate), []))
      }
      for (const trigger of ["send", "manual", "networkSwitch", "accountsChanged", "chainChanged"] as const) {
        yield* BalanceSource.fetch(undefined, service, "0xabc", "eip155:1", trigger)
      }
      assert.deepStrictEqual(asked, [true, true, false, false, false])
    }))
})
