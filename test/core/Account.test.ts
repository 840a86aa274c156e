import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as Account from "../../core/Account.ts"

describe("Account", () => {
  it("defaults per chain: eip155 smart account, solana eoa, polkadot eoa, bip122 payment", () => {
    assert.strictEqual(Account.defaultAccountType("eip155"), "smartAccount")
    assert.strictEqual(Account.defaultAccountType("solana"), "eoa")
    assert.strictEqual(Account.defaultAccountType("polkadot"), "eoa")
    assert.strictEqual(Account.defaultAccountType("bip122"), "payment")
    assert.isUndefined(Account.defaultAccountType("cosmos"))
  })

  it("falls back to EOA", () => {
    assert.strictEqual(Account.fallbackAccountType, "eoa")
  })

  it("decodes a wallet SDK account and rejects unknown types and namespaces", () => {
    const is = Schema.is(Account.Account)
    assert.isTrue(is({ namespace: "bip122", address: "bc1q…", type: "payment", publicKey: "02ab", path: "m/84'/0'/0'/0/0" }))
    assert.isTrue(is({ namespace: "eip155", address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", type: "eoa" }))
    assert.isFalse(is({ namespace: "eip155", address: "0x0", type: "contract" }))
    assert.isFalse(is({ namespace: "tron", address: "T", type: "eoa" }))
  })
})
