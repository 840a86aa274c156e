import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as fc from "fast-check"
import * as Shares from "../../../frame/custody/Shares.ts"

const secrets = fc.uint8Array({ minLength: 16, maxLength: 16 })
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromiseExit(effect)

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index])

describe("Shares", () => {
  it("every pair of the three shares, in either order, and all three give the secret back", async () => {
    await fc.assert(
      fc.asyncProperty(secrets, async (secret) => {
        const { device, auth, recovery } = await Effect.runPromise(Shares.split(secret))
        const sets = [[device, auth], [auth, device], [device, recovery], [recovery, device], [auth, recovery], [recovery, auth], [device, auth, recovery]]
        for (const set of sets) assert.deepStrictEqual(await Effect.runPromise(Shares.combine(set)), secret)
      }),
      { numRuns: 100 }
    )
  })

  it("no single share is or contains the secret, and one share alone does not combine", async () => {
    await fc.assert(
      fc.asyncProperty(secrets, async (secret) => {
        const shares = await Effect.runPromise(Shares.split(secret))
        for (const share of [shares.device, shares.auth, shares.recovery]) {
          assert.strictEqual(share.length, 17)
          assert.isFalse(same(share.slice(0, 16), secret))
          const alone = await run(Shares.combine([share]))
          assert.isTrue(Exit.isFailure(alone) && alone.cause.reasons.some((reason) => reason._tag === "Fail" && reason.error._tag === "ShareCombineError"))
        }
      }),
      { numRuns: 100 }
    )
  })

  it("each split draws a new polynomial: shares of two splits of one secret differ", async () => {
    await fc.assert(
      fc.asyncProperty(secrets, async (secret) => {
        const first = await Effect.runPromise(Shares.split(secret))
        const second = await Effect.runPromise(Shares.split(secret))
        assert.isFalse(same(first.auth, second.auth) && same(first.device, second.device))
      }),
      { numRuns: 50 }
    )
  })

  it("the same share twice, or shares of unequal lengths, do not combine", async () => {
    const { device, auth } = await Effect.runPromise(Shares.split(new Uint8Array(16).fill(9)))
    assert.isTrue(Exit.isFailure(await run(Shares.combine([device, device]))))
    assert.isTrue(Exit.isFailure(await run(Shares.combine([device, auth.slice(1)]))))
    assert.isTrue(Exit.isFailure(await run(Shares.combine([]))))
  })
})
