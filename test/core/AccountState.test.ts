import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as AccountState from "../../core/AccountState.ts"

const connected: AccountState.AccountState = {
  ...AccountState.initial,
  caipAddress: "eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  status: "connected",
  allAccounts: [{ namespace: "eip155", address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", type: "eoa" }],
  balance: "1.5",
  balanceSymbol: "ETH",
  tokenBalance: [{ name: "USDC", symbol: "USDC", chainId: "eip155:1", price: 1, iconUrl: "", quantity: { decimals: "6", numeric: "2" } }],
  profileName: "alice",
  profileImage: "https://x/a.png",
  preferredAccountTypes: { eip155: "eoa" },
  socialProvider: "github",
  smartAccountDeployed: true,
  currentTab: "activity"
}

describe("AccountState", () => {
  it("the initial and a connected state are valid", () => {
    const is = Schema.is(AccountState.AccountState)
    assert.isTrue(is(AccountState.initial))
    assert.isTrue(is(connected))
    assert.isFalse(is({ ...connected, caipAddress: "0x7099" }), "caipAddress must be CAIP-10")
    assert.isFalse(is({ ...connected, currentTab: "swaps" }))
  })

  it("reset sets disconnected and clears address, balances and profile, keeping account type preferences", () => {
    assert.deepStrictEqual(AccountState.reset(connected), {
      ...AccountState.initial,
      preferredAccountTypes: { eip155: "eoa" }
    })
    assert.strictEqual(AccountState.reset(connected).status, "disconnected")
  })
})
