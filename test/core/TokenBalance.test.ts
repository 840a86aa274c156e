import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as TokenBalance from "../../core/TokenBalance.ts"

const balance = (symbol: string, decimals: string): TokenBalance.TokenBalance => ({
  name: symbol,
  symbol,
  chainId: "eip155:1",
  price: 1,
  iconUrl: "",
  quantity: { decimals, numeric: "1" }
})

describe("TokenBalance", () => {
  it("drops balances whose quantity decimals equal '0' and keeps the rest in order", () => {
    const list = [balance("A", "18"), balance("NFT", "0"), balance("B", "6"), balance("C", "00")]
    assert.deepStrictEqual(TokenBalance.withoutZeroDecimals(list).map((b) => b.symbol), ["A", "B", "C"])
  })

  it("decodes the balance service's row and rejects one without a quantity", () => {
    const row = { name: "USD Coin", symbol: "USDC", chainId: "eip155:1", address: "eip155:1:0xa0b8", value: 12.5, price: 1, iconUrl: "https://x/i.png", quantity: { decimals: "6", numeric: "12.5" } }
    assert.deepStrictEqual(Schema.decodeUnknownSync(TokenBalance.TokenBalance)(row), row)
    const { quantity: _q, ...noQuantity } = row
    assert.isFalse(Schema.is(TokenBalance.TokenBalance)(noQuantity))
  })
})
