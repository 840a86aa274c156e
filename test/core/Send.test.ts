import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Send from "../../core/Send.ts"
import type { TokenBalance } from "../../core/TokenBalance.ts"

const usdc: TokenBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:31337",
  address: "eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3",
  price: 1,
  iconUrl: "",
  quantity: { decimals: "6", numeric: "100" }
}
const filled: Send.SendState = {
  ...Send.initial,
  token: usdc,
  sendTokenAmount: "1.5",
  receiverAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
}

describe("Send", () => {
  it.effect("a complete form on eip155 or solana becomes a send request", () =>
    Effect.gen(function*() {
      const request = yield* Send.validate("eip155", filled)
      assert.deepStrictEqual(request, {
        namespace: "eip155",
        token: usdc,
        amount: "1.5",
        receiverAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
      })
      assert.strictEqual((yield* Send.validate("solana", filled)).namespace, "solana")
    }))

  it.effect("namespaces other than eip155 and solana fail with 'Unsupported chain'", () =>
    Effect.gen(function*() {
      for (const namespace of ["polkadot", "bip122", "cosmos", "tron"]) {
        const error = yield* Effect.flip(Send.validate(namespace, filled))
        assert.strictEqual(error._tag, "SendUnsupportedChainError")
        assert.strictEqual(error.message, "Unsupported chain")
      }
    }))

  it.effect("a missing or empty amount or receiver fails with the spec's message", () =>
    Effect.gen(function*() {
      const { sendTokenAmount: _amount, ...noAmount } = filled
      const { receiverAddress: _receiver, ...noReceiver } = filled
      for (const state of [noAmount, noReceiver, { ...filled, sendTokenAmount: "" }, { ...filled, receiverAddress: "" }]) {
        const error = yield* Effect.flip(Send.validate("eip155", state))
        assert.strictEqual(error._tag, "SendAmountAndReceiverRequiredError")
        assert.strictEqual(error.message, "An amount and receiver address are required")
      }
    }))

  it.effect("a missing token fails with 'A token is required'", () =>
    Effect.gen(function*() {
      const { token: _token, ...noToken } = filled
      const error = yield* Effect.flip(Send.validate("solana", noToken))
      assert.strictEqual(error._tag, "SendTokenRequiredError")
      assert.strictEqual(error.message, "A token is required")
    }))

  it.effect("the chain is checked first, then amount and receiver, then the token", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* Effect.flip(Send.validate("cosmos", Send.initial)))._tag, "SendUnsupportedChainError")
      assert.strictEqual(
        (yield* Effect.flip(Send.validate("eip155", Send.initial)))._tag,
        "SendAmountAndReceiverRequiredError"
      )
    }))

  it("reset clears the form and keeps the fetched balances", () => {
    const state: Send.SendState = { ...filled, loading: true, tokenBalances: [usdc], receiverProfileName: "bob" }
    assert.deepStrictEqual(Send.reset(state), { loading: false, tokenBalances: [usdc] })
  })
})
