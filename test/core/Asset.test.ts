import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as Asset from "../../core/Asset.ts"

const usdc = {
  address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  balance: "0x16e360", // 1.5 USDC with 6 decimals
  type: "ERC20",
  metadata: { name: "USD Coin", symbol: "USDC", decimals: 6, price: 1, iconUrl: "https://x/usdc.png" }
} as const

describe("Asset", () => {
  it("decodes a wallet_getAssets entry; the balance must be hex and the type ERC20 or NATIVE", () => {
    const is = Schema.is(Asset.Asset)
    assert.isTrue(is(usdc))
    assert.isFalse(is({ ...usdc, balance: "1500000" }))
    assert.isFalse(is({ ...usdc, balance: "0x" }))
    assert.isFalse(is({ ...usdc, type: "ERC721" }))
  })

  it("converts to a token balance with exact units, a CAIP-10 token address, and the value its price gives", () => {
    assert.deepStrictEqual(Asset.toTokenBalance(usdc, "eip155:31337"), {
      name: "USD Coin",
      symbol: "USDC",
      chainId: "eip155:31337",
      address: "eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3",
      price: 1,
      value: 1.5,
      iconUrl: "https://x/usdc.png",
      quantity: { decimals: "6", numeric: "1.5" }
    })
  })

  it("never invents a price: an asset without one has neither price nor value", () => {
    const unpriced: Asset.Asset = { ...usdc, metadata: { name: "USD Coin", symbol: "USDC", decimals: 6 } }
    const row = Asset.toTokenBalance(unpriced, "eip155:31337")
    assert.isUndefined(row.price)
    assert.isUndefined(row.value)
  })

  it("a native asset has no token address and keeps 18-decimal precision", () => {
    const eth: Asset.Asset = {
      address: "native",
      balance: "0x21e19e0c9bab2400001", // 10000 ETH + 1 wei
      type: "NATIVE",
      metadata: { name: "Ether", symbol: "ETH", decimals: 18, value: 30000000 }
    }
    const row = Asset.toTokenBalance(eth, "eip155:1")
    assert.isUndefined(row.address)
    assert.strictEqual(row.quantity.numeric, "10000.000000000000000001")
    assert.strictEqual(row.value, 30000000)
  })
})
