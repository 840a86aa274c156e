/**
 * Sign In With Farcaster in the frame: the attempt is started and completed on our server from this origin,
 * and its poll secret stays here. The host page gets only the link for the visitor's Farcaster client (to
 * show as a QR code, or to open on a phone); the grant reaches the frame's session alone.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type { Success } from "../../core/embedded/FrameProtocol.ts"
import { DeviceVault } from "../custody/DeviceVault.ts"
import { NoLoginAttemptError } from "./Login.ts"
import { ServerApi } from "./ServerApi.ts"
import { Session } from "./Session.ts"

/** The server let the attempt go (refused, expired, unknown): it cannot be completed again. */
const attemptGone: ReadonlySet<string> = new Set(["FarcasterSignInFailed", "NotFound", "PollSecretRefused"])

const make = Effect.gen(function*() {
  const api = yield* ServerApi
  const session = yield* Session
  const vault = yield* DeviceVault
  const attempt = yield* Ref.make(Option.none<{ readonly attemptId: string; readonly pollSecret: string }>())

  const connect = Effect.gen(function*() {
    const deviceId = yield* vault.deviceId
    const started = yield* api.farcaster.start({ query: {}, payload: { deviceId } })
    yield* Ref.set(attempt, Option.some({ attemptId: started.attemptId, pollSecret: started.pollSecret }))
    return { url: started.url } satisfies Success<"CONNECT_FARCASTER">
  })

  /** Waits, a long poll after another, until the visitor approved the attempt started last. */
  const complete = Effect.gen(function*() {
    const pending = yield* Ref.get(attempt)
    if (Option.isNone(pending)) return yield* new NoLoginAttemptError()
    const done = Ref.set(attempt, Option.none())
    while (true) {
      // A newer attempt replaced this one: its own request completes it.
      if (Option.getOrUndefined(yield* Ref.get(attempt))?.attemptId !== pending.value.attemptId) return yield* new NoLoginAttemptError()
      const answer = yield* api.farcaster.complete({ query: {}, payload: pending.value }).pipe(
        Effect.tapError((error) => (attemptGone.has(error._tag) ? done : Effect.void))
      )
      if (answer.status === "signedIn") {
        yield* session.start(answer.grant)
        yield* done
        return { fid: answer.fid, ...(answer.userName === undefined ? {} : { userName: answer.userName }) } satisfies Success<"COMPLETE_FARCASTER">
      }
    }
  })

  return { connect, complete }
})

export class FarcasterLogin extends Context.Service<FarcasterLogin, Effect.Success<typeof make>>()("portico/frame/app/FarcasterLogin") {
  static readonly layer = Layer.effect(FarcasterLogin, make)
}
