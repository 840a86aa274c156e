import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Send from "../../../core/Send.ts"
import * as Sending from "../../../core/send/Sending.ts"
import type { TokenBalance } from "../../../core/TokenBalance.ts"

const usdc: TokenBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:31337",
  address: "eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3",
  iconUrl: "",
  quantity: { decimals: "6", numeric: "100" }
}
const eth: TokenBalance = { name: "Ether", symbol: "ETH", chainId: "eip155:31337", iconUrl: "", quantity: { decimals: "18", numeric: "1" } }
const filled: Send.SendState = { ...Send.initial, token: usdc, sendTokenAmount: "1.5", receiverAddress: "0xabc", tokenBalances: [usdc] }

describe("Sending (spec §4)", () => {
  it.effect("loading is on while the send runs, then off with the form reset", () =>
    Effect.gen(function*() {
      const form = yield* SubscriptionRef.make(filled)
      const during = yield* Sending.run(form, SubscriptionRef.get(form))
      assert.isTrue(during.loading)
      assert.deepStrictEqual(yield* SubscriptionRef.get(form), { loading: false, tokenBalances: [usdc] })
    }))

  it.effect("a failed send turns loading off and keeps everything typed", () =>
    Effect.gen(function*() {
      const form = yield* SubscriptionRef.make(filled)
      const error = yield* Effect.flip(Sending.run(form, Effect.fail("rejected")))
      assert.strictEqual(error, "rejected")
      assert.deepStrictEqual(yield* SubscriptionRef.get(form), filled)
    }))

  it("the transitions, one by one", () => {
    const started = Sending.transition(filled, { _tag: "Started" })
    assert.deepStrictEqual(started, { ...filled, loading: true })
    assert.deepStrictEqual(Sending.transition(started, { _tag: "Failed" }), filled)
    assert.deepStrictEqual(Sending.transition(started, { _tag: "Succeeded" }), Send.reset(filled))
  })

  it("after an ERC20 or a Solana send the stack goes to Account; after a native EVM send it goes back", () => {
    assert.strictEqual(Sending.afterSend({ namespace: "eip155", token: usdc }), "Account")
    assert.strictEqual(Sending.afterSend({ namespace: "solana", token: { ...eth, chainId: "solana:x" } }), "Account")
    assert.strictEqual(Sending.afterSend({ namespace: "eip155", token: eth }), "back")
  })
})
