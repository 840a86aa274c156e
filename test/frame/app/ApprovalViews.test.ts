/**
 * What the approve panel shows (frame/app/ApprovalViews.ts, EvmIntent.ts, EvmSimulation.ts): amounts in
 * the network's currency or the token's units, each token call said as what it does — ERC-20 transfers and
 * approvals (unlimited ones flagged), ERC-721 and ERC-1155 transfers, whole-collection approvals — and
 * nothing read into calldata that is none of them; a simulation's logs summed into the account's gains and
 * losses; messages as text when printable UTF-8 and as hex otherwise, and cut ones said to be cut.
 */
import * as fc from "fast-check"
import { encodeAbiParameters, encodeFunctionData, erc20Abi, erc721Abi, maxUint256, pad, parseEther, toHex, type Address } from "viem"
import { describe, expect, it } from "vitest"
import { isUnlimited } from "../../../core/UnlimitedAmount.ts"
import { cut, formatAmount, intentView, messageText } from "../../../frame/app/ApprovalViews.ts"
import * as EvmIntent from "../../../frame/app/EvmIntent.ts"
import { changesOf, etherAddress } from "../../../frame/app/EvmSimulation.ts"

const ether = { symbol: "ETH", decimals: 18 }
const receiver: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const visitor: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
const token: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
const usdc = { address: token, symbol: "USDC", decimals: 6 }
const collection = { address: token, symbol: "PUNK", decimals: undefined }

const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
const topic = (address: Address) => pad(address)

describe("ApprovalViews", () => {
  it("formats amounts in the currency, or in the base unit when it is not known", () => {
    expect(formatAmount(parseEther("0.25"), ether, "eip155")).toBe("0.25 ETH")
    expect(formatAmount(1234n, undefined, "eip155")).toBe("1234 wei")
    expect(formatAmount(5000n, undefined, "solana")).toBe("5000 lamports")
  })

  it("says an ERC-20 transfer and approval in the token's units, flagging an unlimited one", () => {
    const transfer = EvmIntent.decode(token, encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [receiver, 1_500_000n] }), true)
    expect(transfer && intentView(transfer, usdc)).toEqual({ kind: "transfer", token: `USDC (${token})`, amount: "1.5 USDC", to: receiver })
    const approve = EvmIntent.decode(token, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [receiver, 25_000_000n] }), true)
    expect(approve && intentView(approve, usdc)).toMatchObject({ kind: "approve", spender: receiver, amount: "25 USDC", unlimited: false })
    const unlimited = EvmIntent.decode(token, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [receiver, maxUint256] }), true)
    expect(unlimited && intentView(unlimited, usdc)).toMatchObject({ kind: "approve", unlimited: true })
  })

  it("flags every approval at or above half the range as unlimited, and none below", () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: maxUint256 }), (amount) => {
      expect(isUnlimited(amount)).toBe(amount >= maxUint256 / 2n)
    }))
  })

  it("says NFT transfers and whole-collection approvals, and reads a collection's transferFrom as an NFT's", () => {
    const safe = EvmIntent.decode(token, encodeFunctionData({ abi: erc721Abi, functionName: "safeTransferFrom", args: [visitor, receiver, 7n] }), false)
    expect(safe && intentView(safe, collection)).toEqual({ kind: "nftTransfer", token: `PUNK (${token})`, from: visitor, to: receiver, items: "#7" })
    const plain = EvmIntent.decode(token, encodeFunctionData({ abi: erc721Abi, functionName: "transferFrom", args: [visitor, receiver, 9n] }), false)
    expect(plain?.kind).toBe("nftTransfer")
    const all = EvmIntent.decode(token, encodeFunctionData({ abi: erc721Abi, functionName: "setApprovalForAll", args: [receiver, true] }), false)
    expect(all && intentView(all, collection)).toEqual({ kind: "approvalForAll", token: `PUNK (${token})`, operator: receiver, approved: true })
    const batch = EvmIntent.decode(token, `0x2eb2c2d6${encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "uint256[]" }, { type: "uint256[]" }, { type: "bytes" }],
      [visitor, receiver, [1n, 2n], [3n, 5n], "0x"]
    ).slice(2)}`, false)
    expect(batch && intentView(batch, collection)).toMatchObject({ kind: "nftTransfer", items: "#1 ×3, #2 ×5" })
  })

  it("reads nothing into calldata that is none of these calls", () => {
    expect(EvmIntent.decode(token, "0xdeadbeef", true)).toBeUndefined()
    expect(EvmIntent.decode(token, encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [visitor] }), true)).toBeUndefined()
  })

  it("sums a simulation's transfer logs into what the account gains and loses", () => {
    const erc20Log = (from: Address, to: Address, amount: bigint) => ({ address: token, topics: [transferTopic, topic(from), topic(to)], data: pad(toHex(amount)) })
    const changes = changesOf(visitor, [
      erc20Log(visitor, receiver, 10n),
      erc20Log(visitor, receiver, 5n),
      erc20Log(receiver, visitor, 1n),
      { address: etherAddress, topics: [transferTopic, topic(visitor), topic(receiver)], data: pad(toHex(parseEther("1"))) },
      { address: receiver, topics: [transferTopic, topic(receiver), topic(visitor), pad(toHex(42n))], data: "0x" },
      // Someone else's transfer is not the visitor's change.
      erc20Log(receiver, token, 99n)
    ])
    expect(changes).toEqual([
      { asset: token, amount: -14n },
      { asset: etherAddress, amount: -parseEther("1") },
      { asset: receiver, id: 42n, amount: 1n }
    ])
  })

  it("shows a message as its text when printable UTF-8, else as hex, and says when it was cut", () => {
    expect(messageText(toHex("Sign in to Shop\nNonce: 7"))).toEqual({ text: "Sign in to Shop\nNonce: 7", truncated: false })
    expect(messageText("plain words").text).toBe("plain words")
    expect(messageText("0x00ff10").text).toBe("0x00ff10")
    expect(messageText(new Uint8Array([0xe2, 0x82, 0xac])).text).toBe("€")
    expect(messageText(toHex("hidden\u0000part")).text).toBe(toHex("hidden\u0000part"))
    expect(messageText("a".repeat(100_001))).toMatchObject({ truncated: true })
    expect(cut("abcdef", 4)).toEqual({ text: "abc…", truncated: true })
  })

  it("never hides a message's bytes: what is shown is its text or its hex", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      const shown = messageText(bytes).text
      const hex = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`
      expect(shown === hex || new TextEncoder().encode(shown).join() === bytes.join()).toBe(true)
    }))
  })
})
