import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as EmbeddedUser from "../../core/EmbeddedUser.ts"

describe("EmbeddedUser", () => {
  it("decodes a user with EOA and smart accounts", () => {
    const user = {
      email: "a@b.co",
      address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      chainId: 31337,
      userName: "alice",
      accounts: [
        { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", type: "eoa" },
        { address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", type: "smartAccount" }
      ],
      smartAccountDeployed: false,
      preferredAccountType: "smartAccount"
    } as const
    assert.deepStrictEqual(Schema.decodeUnknownSync(EmbeddedUser.EmbeddedUser)(user), user)
    assert.isTrue(Schema.is(EmbeddedUser.EmbeddedUser)({ address: "So1", chainId: "solana:devnet" }))
  })

  it("account types are EOA or smart account only", () => {
    const is = Schema.is(EmbeddedUser.EmbeddedUser)
    assert.isFalse(is({ address: "0x1", chainId: 1, accounts: [{ address: "0x1", type: "payment" }] }))
    assert.isFalse(is({ address: "0x1", chainId: 1, preferredAccountType: "contract" }))
  })
})
