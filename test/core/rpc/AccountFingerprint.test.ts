import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { bytesToHex, encodeFunctionData, erc20Abi, getAddress } from "viem"
import { balanceOfCall } from "../../../core/rpc/AccountFingerprint.ts"

describe("AccountFingerprint", () => {
  // The session holds checksummed addresses; viem's coder refuses other mixed-case forms, so it judges these two.
  it("writes balanceOf's calldata as viem's ABI coder does, lowercase or checksummed", () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (bytes, checksummed) => {
      const lower = bytesToHex(bytes)
      const address = checksummed ? getAddress(lower) : lower
      expect(balanceOfCall(address)).toBe(encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [address as `0x${string}`] }))
    }))
  })
})
