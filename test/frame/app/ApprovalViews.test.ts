/**
 * What the approve panel shows (frame/app/ApprovalViews.ts): amounts in the network's currency (or its
 * base unit when the currency is not known), ERC-20 calls decoded beside their raw data, other calldata
 * raw only, messages as text when they are printable UTF-8 and as hex otherwise.
 */
import * as fc from "fast-check"
import { encodeFunctionData, erc20Abi, parseEther, toHex } from "viem"
import { describe, expect, it } from "vitest"
import { decodeCall, formatAmount, messageText, transactionView } from "../../../frame/app/ApprovalViews.ts"

const ether = { symbol: "ETH", decimals: 18 }
const receiver = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

describe("ApprovalViews", () => {
  it("formats amounts in the currency, or in the base unit when it is not known", () => {
    expect(formatAmount(parseEther("0.25"), ether, "eip155")).toBe("0.25 ETH")
    expect(formatAmount(1234n, undefined, "eip155")).toBe("1234 wei")
    expect(formatAmount(5000n, undefined, "solana")).toBe("5000 lamports")
  })

  it("decodes an ERC-20 call with its arguments' names, and leaves other calldata raw", () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [receiver, 1_500_000n] })
    expect(decodeCall(data)).toEqual({ functionName: "transfer", args: [{ name: "recipient", value: receiver }, { name: "amount", value: "1500000" }] })
    expect(decodeCall("0xdeadbeef")).toBeUndefined()
    const view = transactionView({ to: receiver, value: 0n, data }, ether)
    expect(view).toEqual({ to: receiver, value: "0 ETH", data, decoded: { functionName: "transfer", args: [{ name: "recipient", value: receiver }, { name: "amount", value: "1500000" }] } })
    expect(transactionView({ value: parseEther("1") }, ether)).toEqual({ value: "1 ETH" })
  })

  it("shows a message as its text when printable UTF-8, else as hex", () => {
    expect(messageText(toHex("Sign in to Shop\nNonce: 7"))).toBe("Sign in to Shop\nNonce: 7")
    expect(messageText("plain words")).toBe("plain words")
    expect(messageText("0x00ff10")).toBe("0x00ff10")
    expect(messageText(new Uint8Array([0xe2, 0x82, 0xac]))).toBe("€")
    expect(messageText(toHex("hidden\u0000part"))).toBe(toHex("hidden\u0000part"))
  })

  it("never hides a message's bytes: what is shown is its text or its hex", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      const shown = messageText(bytes)
      const hex = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`
      expect(shown === hex || new TextEncoder().encode(shown).join() === bytes.join()).toBe(true)
    }))
  })
})
