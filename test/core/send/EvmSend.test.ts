import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { decodeFunctionData, encodeAbiParameters } from "viem"
import { erc20TransferAbi, usdtTransferAbi } from "../../../core/send/Erc20Abi.ts"
import * as EvmSend from "../../../core/send/EvmSend.ts"

const contract = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
const from = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const to = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

const bool = (value: boolean) => encodeAbiParameters([{ type: "bool" }], [value])

describe("EVM send", () => {
  it.effect("the native coin travels as value; a token as transfer(to, amount) on its contract", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* EvmSend.transactionOf({ from, to, units: 255n }), { from, to, value: "0xff" })
      const call = yield* EvmSend.transactionOf({ from, to: to.toLowerCase(), units: 1_500_000n, contract })
      assert.strictEqual(call.to, contract)
      assert.isUndefined(call.value)
      const decoded = decodeFunctionData({ abi: erc20TransferAbi, data: call.data ?? "0x" })
      assert.deepStrictEqual(decoded.args, [to, 1_500_000n])
      const usdt = yield* EvmSend.transactionOf({ from, to, units: 1_500_000n, contract }, "usdt")
      assert.deepStrictEqual(decodeFunctionData({ abi: usdtTransferAbi, data: usdt.data ?? "0x" }).args, [to, 1_500_000n])
    }))

  it.effect("a malformed receiver is refused before anything is built", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(EvmSend.transactionOf({ from, to: "0x1234", units: 1n }))
      assert.strictEqual(error._tag, "EvmSendInvalidAddressError")
      assert.strictEqual(error.field, "to")
    }))

  it("the dry run's answer picks the ABI: nothing is USDT-style, true is ERC20, false is refused", () => {
    assert.deepStrictEqual(Effect.runSyncExit(EvmSend.transferAbiOf("0x", contract)), Exit.succeed<"usdt">("usdt"))
    assert.deepStrictEqual(Effect.runSyncExit(EvmSend.transferAbiOf(bool(true), contract)), Exit.succeed<"erc20">("erc20"))
    assert.isTrue(Exit.isFailure(Effect.runSyncExit(EvmSend.transferAbiOf(bool(false), contract))))
    assert.isTrue(Exit.isFailure(Effect.runSyncExit(EvmSend.transferAbiOf("0x12", contract))))
  })
})
