/** What an account's code says of it (core/SmartAccount7702.ts): plain, delegated to Simple7702Account, or held elsewhere. */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as SmartAccount7702 from "../../core/SmartAccount7702.ts"

const designator = (address: string) => `0xef0100${address.slice(2)}`

describe("SmartAccount7702.delegationOf", () => {
  it("reads no code as a plain account, and the designator to Simple7702Account in any case as ours", () => {
    expect(SmartAccount7702.delegationOf("0x")).toEqual({ kind: "none" })
    expect(SmartAccount7702.delegationOf(designator(SmartAccount7702.implementationAddress))).toEqual({ kind: "simple7702" })
    expect(SmartAccount7702.delegationOf(designator(SmartAccount7702.implementationAddress).toUpperCase().replace("0X", "0x"))).toEqual({ kind: "simple7702" })
  })

  it("reads any other designator, and a contract's own code, as held elsewhere", () => {
    fc.assert(fc.property(fc.stringMatching(/^0x[0-9a-f]{40}$/), (address) => {
      fc.pre(address !== SmartAccount7702.implementationAddress.toLowerCase())
      expect(SmartAccount7702.delegationOf(designator(address))).toEqual({ kind: "elsewhere", address })
    }))
    // A designator one byte short or long is a contract's code, not a delegation.
    expect(SmartAccount7702.delegationOf(`${designator(SmartAccount7702.implementationAddress)}00`)).toEqual({ kind: "elsewhere", address: undefined })
    expect(SmartAccount7702.delegationOf("0x6080604052")).toEqual({ kind: "elsewhere", address: undefined })
  })
})
