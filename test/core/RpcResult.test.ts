import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as RpcResult from "../../core/RpcResult.ts"

const hexDigits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: min, maxLength: max })

describe("RpcResult", () => {
  it("0x + exactly 64 hex is a transaction, even though it also fits the signed-message range", () => {
    fc.assert(
      fc.property(hexDigits(64, 64), (hex) => {
        assert.strictEqual(RpcResult.classify(`0x${hex}`), "transaction")
        assert.isTrue(RpcResult.isTransactionHash(`0x${hex}`))
        assert.isFalse(RpcResult.isSignedMessage(`0x${hex}`))
      })
    )
  })

  it("0x + 62, 63 or more than 64 hex is a signed message", () => {
    fc.assert(
      fc.property(fc.oneof(hexDigits(62, 63), hexDigits(65, 200)), (hex) => {
        assert.strictEqual(RpcResult.classify(`0x${hex}`), "signature")
      })
    )
    assert.strictEqual(RpcResult.classify(`0x${"ab".repeat(65)}`), "signature", "a 65-byte ECDSA signature")
  })

  it("shorter hex, a missing 0x, non-hex characters and non-strings are neither", () => {
    fc.assert(
      fc.property(hexDigits(0, 61), (hex) => assert.strictEqual(RpcResult.classify(`0x${hex}`), "other"))
    )
    for (const value of [`${"a".repeat(64)}`, `0X${"a".repeat(64)}`, `0x${"g".repeat(64)}`, `0x${"a".repeat(63)}z`, 42, null, {}]) {
      assert.strictEqual(RpcResult.classify(value), "other", String(value))
    }
  })
})
