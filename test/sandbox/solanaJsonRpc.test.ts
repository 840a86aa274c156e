import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { dispatch, method, stringify } from "../../sandbox/solana/JsonRpc.ts"
import { uiTokenAmount } from "../../sandbox/solana/TokenLayout.ts"

const methods = {
  add: method(Schema.Tuple([Schema.Int, Schema.Int]), ([a, b]) => a + b)
}

describe("Solana devnet JSON-RPC plumbing", () => {
  it("answers requests, validates params, rejects unknown methods and malformed envelopes", async () => {
    expect(await dispatch(methods, { jsonrpc: "2.0", id: 1, method: "add", params: [2, 3] })).toEqual({ jsonrpc: "2.0", id: 1, result: 5 })
    expect(await dispatch(methods, { jsonrpc: "2.0", id: 2, method: "add", params: [2, "x"] })).toMatchObject({ id: 2, error: { code: -32602 } })
    expect(await dispatch(methods, { jsonrpc: "2.0", id: 3, method: "nope" })).toMatchObject({ id: 3, error: { code: -32601 } })
    expect(await dispatch(methods, { jsonrpc: "1.0", id: 4, method: "add" })).toMatchObject({ id: null, error: { code: -32600 } })
    // Inherited object keys are not methods.
    expect(await dispatch(methods, { jsonrpc: "2.0", id: 5, method: "toString" })).toMatchObject({ error: { code: -32601 } })
  })

  it("answers batches in order and sends nothing back for notifications", async () => {
    const batch = await dispatch(methods, [
      { jsonrpc: "2.0", id: "a", method: "add", params: [1, 1] },
      { jsonrpc: "2.0", method: "add", params: [1, 1] },
      { jsonrpc: "2.0", id: "b", method: "missing" }
    ])
    expect(batch).toEqual([
      { jsonrpc: "2.0", id: "a", result: 2 },
      { jsonrpc: "2.0", id: "b", error: { code: -32601, message: "Method not found" } }
    ])
    expect(await dispatch(methods, { jsonrpc: "2.0", method: "ping" })).toBeUndefined()
    expect(await dispatch(methods, [])).toMatchObject({ error: { code: -32600 } })
  })

  it("writes u64 values beyond 2^53 as exact bare JSON numbers", () => {
    expect(stringify({ rentEpoch: 18446744073709551615n, lamports: 5n, note: "5" })).toBe(
      '{"rentEpoch":18446744073709551615,"lamports":5,"note":"5"}'
    )
  })

  it("formats token amounts so the decimal string scales back to the raw amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.integer({ min: 0, max: 12 }), (amount, decimals) => {
        const ui = uiTokenAmount(amount, decimals)
        const [whole = "", fraction = ""] = ui.uiAmountString.split(".")
        expect(fraction.endsWith("0")).toBe(false)
        expect(BigInt(whole + fraction.padEnd(decimals, "0"))).toBe(amount)
        expect(ui.amount).toBe(amount.toString())
      })
    )
    expect(uiTokenAmount(12_500_000n, 6)).toEqual({ amount: "12500000", decimals: 6, uiAmount: 12.5, uiAmountString: "12.5" })
  })
})
