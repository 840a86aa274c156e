import { describe, expect, it } from "vitest"
import { isForwarded } from "../../../core/rpc/ForwardedMethods.ts"
import { isImmutable } from "../../../core/rpc/ImmutableAnswer.ts"
import * as JsonRpc from "../../../core/rpc/JsonRpc.ts"

describe("chain RPC rules", () => {
  it("forwards reads and signed broadcasts only, per namespace", () => {
    expect(isForwarded("eip155", "eth_call")).toBe(true)
    expect(isForwarded("eip155", "eth_sendRawTransaction")).toBe(true)
    expect(isForwarded("solana", "sendTransaction")).toBe(true)
    for (const method of ["eth_sendTransaction", "personal_sign", "eth_signTypedData_v4", "wallet_sendCalls", "hardhat_mine"]) {
      expect(isForwarded("eip155", method)).toBe(false)
    }
    expect(isForwarded("solana", "eth_call")).toBe(false)
    expect(isForwarded("eip155", "getBalance")).toBe(false)
    expect(isForwarded("cosmos", "eth_call")).toBe(false)
  })

  it("keeps only answers that cannot change", () => {
    expect(isImmutable("eth_chainId", [], "0x1")).toBe(true)
    expect(isImmutable("eth_getTransactionReceipt", ["0xab"], null)).toBe(false)
    expect(isImmutable("eth_getTransactionReceipt", ["0xab"], { blockHash: "0xcd" })).toBe(true)
    expect(isImmutable("eth_getTransactionByHash", ["0xab"], { blockHash: null })).toBe(false)
    expect(isImmutable("eth_getBlockByNumber", ["latest", false], { hash: "0x1" })).toBe(false)
    expect(isImmutable("eth_getBalance", ["0xab", "latest"], "0x1")).toBe(false)
    expect(isImmutable("getTransaction", ["sig"], { slot: 1 })).toBe(true)
    expect(isImmutable("getTransaction", ["sig", { commitment: "confirmed" }], { slot: 1 })).toBe(false)
  })

  it("error answers carry the table's codes", () => {
    expect(JsonRpc.error(3, "MethodNotSupported")).toEqual({ jsonrpc: "2.0", id: 3, error: { code: -32004, message: "Method not supported" } })
    expect(JsonRpc.idOf({ id: "a" })).toBe("a")
    expect(JsonRpc.idOf("junk")).toBeNull()
  })
})
