/**
 * Sign In With Farcaster in the modal, against a scripted frame behind the real frame channel and the real
 * embedded connector: choosing Farcaster shows ConnectingFarcaster with the frame's link as `farcasterUrl`;
 * the approval connects both accounts and remembers the Farcaster name. Going back from ConnectingFarcaster
 * without an address clears the link at once and, 100 ms later (TestClock), reloads the sign-in: the wait
 * for the old approval is abandoned, so an approval that arrives afterwards connects nothing.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import * as Constants from "../../../core/Constants.ts"
import type * as Protocol from "../../../core/embedded/FrameProtocol.ts"
import { routerContext } from "../../../core/features/ChainSupport.ts"
import { FarcasterLogin } from "../../../core/features/FarcasterLogin.ts"
import * as Modal from "../../../core/Modal.ts"
import * as Storage from "../../../core/Storage.ts"
import * as StorageKey from "../../../core/StorageKey.ts"
import { sessionAccounts, step, usual, view, withLogin } from "../support/EmbeddedLoginHarness.ts"
import { type Answer, scriptedFrame } from "../support/ScriptedFrame.ts"

const link = "https://relay.test/~/siwf?channelToken=abc&nonce=0123456789abcdef"

const farcaster = (complete: Answer) => (request: Protocol.Request): Answer =>
  request.type === "CONNECT_FARCASTER" ? { ok: { url: link } } : request.type === "COMPLETE_FARCASTER" ? complete : usual()(request)

const modalState = Effect.flatMap(Modal.Modal, (modal) => SubscriptionRef.get(modal.state))

/** Opens Connect and chooses Farcaster (the frame's ready wait passes on the test clock). */
const chooseFarcaster = Effect.gen(function*() {
  yield* Effect.flatMap(Modal.Modal, (modal) => modal.open({ view: "Connect" }))
  const connecting = yield* Effect.forkChild(Effect.flatMap(FarcasterLogin, (login) => login.connect))
  yield* TestClock.adjust("1 second")
  yield* Fiber.join(connecting)
})

const withFarcaster = (frame: ReturnType<typeof scriptedFrame>) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    yield* Effect.forkChild(Effect.flatMap(FarcasterLogin, (login) => login.followReloads))
    return yield* effect
  }).pipe(Effect.provide(FarcasterLogin.layer), withLogin(frame))

describe("FarcasterLogin", () => {
  it.effect("shows ConnectingFarcaster with the frame's link, and connects both accounts once the visitor approves", () => {
    const approval = Deferred.makeUnsafe<Answer>()
    const frame = scriptedFrame(farcaster({ later: Effect.runPromise(Deferred.await(approval)) }))
    return Effect.gen(function*() {
      yield* chooseFarcaster
      assert.strictEqual(yield* view, "ConnectingFarcaster")
      assert.strictEqual((yield* modalState).farcasterUrl, link)
      assert.strictEqual((yield* step)._tag, "Farcaster")
      yield* Deferred.succeed(approval, { ok: { fid: 2157300, userName: "portico-demo" } })
      yield* TestClock.adjust(100)
      assert.strictEqual((yield* sessionAccounts).length, 2)
      assert.isUndefined((yield* modalState).farcasterUrl)
      const storage = yield* Storage.Storage
      assert.strictEqual(yield* storage.get(StorageKey.connectedSocial), "farcaster")
      assert.strictEqual(yield* storage.get(StorageKey.connectedSocialUsername), "portico-demo")
    }).pipe(withFarcaster(frame))
  })

  it.effect("back without an address clears the link at once and reloads the sign-in 100 ms later: a late approval connects nothing", () => {
    const approval = Deferred.makeUnsafe<Answer>()
    const frame = scriptedFrame(farcaster({ later: Effect.runPromise(Deferred.await(approval)) }))
    return Effect.gen(function*() {
      yield* chooseFarcaster
      const modal = yield* Modal.Modal
      yield* modal.back(yield* routerContext)
      assert.strictEqual(yield* view, "Connect")
      assert.isUndefined((yield* modalState).farcasterUrl)
      yield* TestClock.adjust(Constants.farcasterBackDelayMillis - 1)
      assert.strictEqual((yield* modalState).authReloads, 0)
      assert.strictEqual((yield* step)._tag, "Farcaster")
      yield* TestClock.adjust(1)
      assert.strictEqual((yield* modalState).authReloads, 1)
      assert.strictEqual((yield* step)._tag, "Idle")
      // The old channel's approval arrives after the reload: nobody waits for it any more.
      yield* Deferred.succeed(approval, { ok: { fid: 2157300, userName: "portico-demo" } })
      yield* TestClock.adjust(1_000)
      assert.deepStrictEqual(yield* sessionAccounts, [])
      // Choosing Farcaster again opens a new sign-in.
      yield* chooseFarcaster
      assert.strictEqual(frame.asked.filter((type) => type === "CONNECT_FARCASTER").length, 2)
    }).pipe(withFarcaster(frame))
  })
})
