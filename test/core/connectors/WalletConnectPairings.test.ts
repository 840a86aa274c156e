import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import type * as Caip from "../../../core/Caip.ts"
import * as Constants from "../../../core/Constants.ts"
import * as WalletConnectPairings from "../../../core/connectors/WalletConnectPairings.ts"

/** Proposals numbered as they are made; each records whether it was let go. */
const proposer = () => {
  const made: Array<{ uri: string; abandoned: boolean }> = []
  const propose = (caipNetworkId: Caip.CaipNetworkId | undefined) =>
    Effect.gen(function*() {
      const record = { uri: `wc:${made.length + 1}`, abandoned: false }
      made.push(record)
      const expiry = (yield* Effect.clockWith((clock) => clock.currentTimeMillis)) + Constants.pairingExpiryMillis
      return {
        proposal: { uri: record.uri, approval: Promise.resolve(undefined), abandon: () => void (record.abandoned = true) },
        expiry,
        caipNetworkId
      }
    })
  return { made, pairings: WalletConnectPairings.make(propose) }
}

describe("WalletConnectPairings", () => {
  it.effect("the attempt after a tap takes the pairing made ahead, and only once", () =>
    Effect.gen(function*() {
      const { made, pairings } = proposer()
      const ahead = yield* pairings.prepare({ caipNetworkId: "eip155:1" })
      assert.strictEqual((yield* pairings.prepare({ caipNetworkId: "eip155:1" })).uri, ahead.uri)
      assert.strictEqual((yield* pairings.take("eip155:1")).proposal.uri, ahead.uri)
      assert.strictEqual((yield* pairings.take("eip155:1")).proposal.uri, "wc:2")
      assert.strictEqual(made.length, 2)
    }))

  it.effect("a pairing made ahead that nears expiry, or was made for another network, is let go and not used", () =>
    Effect.gen(function*() {
      const { made, pairings } = proposer()
      yield* pairings.prepare({ caipNetworkId: "eip155:1" })
      yield* TestClock.adjust(Constants.pairingExpiryMillis - Constants.pairingExpiryThresholdMillis + 1)
      assert.strictEqual((yield* pairings.take("eip155:1")).proposal.uri, "wc:2")
      assert.isTrue(made[0]?.abandoned)
      yield* pairings.prepare({ caipNetworkId: "eip155:1" })
      assert.strictEqual((yield* pairings.take("eip155:8453")).proposal.uri, "wc:4")
      assert.isTrue(made[2]?.abandoned)
    }))

  it.effect("is still fresh with exactly 10 s left", () =>
    Effect.gen(function*() {
      const { pairings } = proposer()
      const ahead = yield* pairings.prepare({})
      yield* TestClock.adjust(Constants.pairingExpiryMillis - Constants.pairingExpiryThresholdMillis)
      assert.strictEqual((yield* pairings.take(undefined)).proposal.uri, ahead.uri)
    }))
})
