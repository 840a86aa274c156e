/**
 * What a connector fails with (core/Connector.ts's `failure`): a wallet's error becomes our tagged error by
 * its code, while the Mobile Wallet Adapter's own typed failure is kept as it is. The engine tells the two
 * apart without loading the adapter's error classes, by a mark no wallet's error can carry: a wallet that
 * throws an object shaped like ours (its tag, its message) gets a plain wallet error.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Connector from "../../core/Connector.ts"
import { WalletAppNotAnsweredError } from "../../core/mwa/MwaErrors.ts"

describe("Connector.failure", () => {
  it("keeps the Mobile Wallet Adapter's WalletAppNotAnsweredError as it is", () => {
    const notAnswered = new WalletAppNotAnsweredError({ message: "No wallet app answered on this phone" })
    assert.strictEqual(Connector.failure(notAnswered), notAnswered)
  })

  it("maps a wallet's error shaped like ours to a wallet error, not to our class", () => {
    const forged = Object.assign(new Error("No wallet app answered on this phone"), { _tag: "WalletAppNotAnsweredError", code: 4001 })
    const mapped = Connector.failure(forged)
    assert.notStrictEqual<unknown>(mapped, forged)
    assert.strictEqual(mapped._tag, "UserRejectedRequestError")
  })
})
