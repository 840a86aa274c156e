/** Whether an external wallet's EVM account is a smart account (core/AccountKind.ts): its code, else its wallet's atomic capability. */
import { describe, expect, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as fc from "fast-check"
import * as AccountKind from "../../core/AccountKind.ts"
import * as SmartAccount7702 from "../../core/SmartAccount7702.ts"

describe("AccountKind.fromCode", () => {
  it("no code is a plain account; any EIP-7702 designator or contract code is a smart account", () => {
    expect(AccountKind.fromCode("0x")).toEqual(Option.some("eoa"))
    fc.assert(fc.property(fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), (address) => {
      expect(AccountKind.fromCode(`0xef0100${address.slice(2)}`)).toEqual(Option.some("smartAccount"))
    }))
    expect(AccountKind.fromCode(`0xef0100${SmartAccount7702.implementationAddress.slice(2)}`)).toEqual(Option.some("smartAccount"))
    expect(AccountKind.fromCode("0x6080604052")).toEqual(Option.some("smartAccount"))
  })

  it("an answer that is not code says nothing (the wallet's capabilities decide)", () => {
    for (const answer of [null, undefined, 7, "", "0x6", "ef0100", { code: "0x" }]) expect(AccountKind.fromCode(answer)).toEqual(Option.none())
  })
})

describe("AccountKind.fromCapabilities", () => {
  it("is a smart account only where atomic batches are supported on that chain", () => {
    expect(AccountKind.fromCapabilities({ "0x7a69": { atomic: { status: "supported" } } }, "0x7a69")).toBe("smartAccount")
    // "ready": the wallet would upgrade the account, which is still plain.
    expect(AccountKind.fromCapabilities({ "0x7a69": { atomic: { status: "ready" } } }, "0x7a69")).toBe("eoa")
    expect(AccountKind.fromCapabilities({ "0x7a6a": { atomic: { status: "supported" } } }, "0x7a69")).toBe("eoa")
    expect(AccountKind.fromCapabilities("nonsense", "0x7a69")).toBe("eoa")
    expect(AccountKind.fromCapabilities({ "0x7a69": { atomic: "supported" } }, "0x7a69")).toBe("eoa")
  })
})
