import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as WalletListEntry from "../../core/WalletListEntry.ts"

describe("WalletListEntry", () => {
  it("decodes a registry entry with null links and drops unknown fields", () => {
    const entry = {
      id: "demo-wallet",
      name: "Portico Demo Wallet",
      image_id: "demo",
      rdns: "dev.portico.demo",
      chains: ["eip155:31337", "solana:devnet"],
      mobile_link: null,
      desktop_link: "portico-demo://",
      webapp_link: "http://127.0.0.1:5174",
      order: 3
    }
    const { order: _order, ...known } = entry
    assert.deepStrictEqual(Schema.decodeUnknownSync(WalletListEntry.WalletListEntry)(entry), known)
    assert.isTrue(Schema.is(WalletListEntry.WalletListEntry)({ id: "x", name: "X" }))
  })

  it("needs an id and a name", () => {
    const is = Schema.is(WalletListEntry.WalletListEntry)
    assert.isFalse(is({ name: "X" }))
    assert.isFalse(is({ id: "x" }))
    assert.isFalse(is({ id: "x", name: "X", chains: "eip155:1" }))
  })
})
