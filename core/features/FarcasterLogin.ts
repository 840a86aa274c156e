/**
 * Sign In With Farcaster into the embedded wallet (spec's ConnectingFarcaster view, `farcasterUrl`): the
 * frame starts the sign-in on our server and answers only the link for the visitor's Farcaster client,
 * which ConnectingFarcaster shows as a QR code (and opens on a phone, in the visitor's tap). The frame then
 * waits for the approval; once signed in, the login ends as every other does (EmbeddedLogin's `finish`:
 * the frame's panels, then the connection), with the Farcaster name remembered for the account view.
 *
 * Going back from ConnectingFarcaster without an address clears the link and, 100 ms later, reloads the
 * auth connector (Modal.ts): here that abandons the sign-in in progress, so choosing Farcaster again opens
 * a new one.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { EmbeddedFrame } from "../embedded/FrameChannel.ts"
import * as Login from "../embedded/Login.ts"
import * as Modal from "../Modal.ts"
import * as Storage from "../Storage.ts"
import * as StorageKey from "../StorageKey.ts"
import { EmbeddedLogin, failingIn, showStep, type LoginFailure } from "./EmbeddedLogin.ts"

export class FarcasterLogin extends Context.Service<FarcasterLogin, {
  /** Starts the sign-in: ConnectingFarcaster with its link; the approval then completes the login by itself. */
  readonly connect: Effect.Effect<void, LoginFailure>
  /** Abandons the sign-in in progress at each reload of the auth connector (the Farcaster back rule). Runs for ever. */
  readonly followReloads: Effect.Effect<void>
}>()("portico/core/features/FarcasterLogin") {
  static readonly layer = Layer.effect(
    FarcasterLogin,
    Effect.gen(function*() {
      const frame = yield* EmbeddedFrame
      const login = yield* EmbeddedLogin
      const form = yield* Login.LoginForm
      const modal = yield* Modal.Modal
      const storage = yield* Storage.Storage
      const failing = failingIn(form, modal)
      /** The wait for the visitor's approval, while there is one. */
      let waiting: Fiber.Fiber<void, LoginFailure> | undefined

      const abandon = Effect.suspend(() => {
        const waited = waiting
        waiting = undefined
        return waited === undefined ? Effect.void : Fiber.interrupt(waited)
      })

      const complete = Effect.gen(function*() {
        const { fid, userName } = yield* frame.request("COMPLETE_FARCASTER", {})
        yield* storage.set(StorageKey.connectedSocial, "farcaster").pipe(Effect.ignore)
        yield* storage.set(StorageKey.connectedSocialUsername, userName ?? `fid ${fid}`).pipe(Effect.ignore)
        yield* modal.setFarcasterUrl(undefined)
        yield* login.finish
      })

      const connect = failing(Effect.gen(function*() {
        yield* abandon
        yield* login.begin
        const { url } = yield* frame.request("CONNECT_FARCASTER", {})
        yield* modal.setFarcasterUrl(url)
        yield* showStep(form, modal)({ _tag: "Farcaster" })
        waiting = yield* Effect.forkDetach(failing(complete))
      }))

      const followReloads = SubscriptionRef.changes(modal.state).pipe(
        Stream.map((state) => state.authReloads),
        Stream.changes,
        Stream.drop(1),
        Stream.runForEach(() =>
          Effect.gen(function*() {
            // The visitor chose Farcaster again within the 100 ms: that new sign-in stays.
            if (Modal.currentView(yield* SubscriptionRef.get(modal.state)) === "ConnectingFarcaster") return
            yield* abandon
            yield* SubscriptionRef.update(form, (state) => (state.step._tag === "Farcaster" ? Login.initial : state))
          }))
      )

      return FarcasterLogin.of({ connect, followReloads })
    })
  )
}
