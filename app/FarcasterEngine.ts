/**
 * Sign In With Farcaster's part of the engine, a chunk of its own loaded the first time the visitor chooses
 * Farcaster (over the embedded wallet's part, which it needs): the feature over the running frame and login,
 * and the Farcaster back rule followed from then on.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import { EmbeddedFrame } from "../core/embedded/FrameChannel.ts"
import * as Login from "../core/embedded/Login.ts"
import { EmbeddedLogin } from "../core/features/EmbeddedLogin.ts"
import { FarcasterLogin } from "../core/features/FarcasterLogin.ts"
import type * as Features from "../core/features/Features.ts"

export const make = (
  context: Context.Context<Features.Features | Features.Environment>,
  embedded: { readonly frame: EmbeddedFrame["Service"]; readonly login: EmbeddedLogin["Service"] },
  form: SubscriptionRef.SubscriptionRef<Login.LoginState>,
  scope: Scope.Scope
): FarcasterLogin["Service"] => {
  const layer = FarcasterLogin.layer.pipe(
    Layer.provide(Layer.mergeAll(
      Layer.succeedContext(context),
      Layer.succeed(EmbeddedFrame, embedded.frame),
      Layer.succeed(EmbeddedLogin, embedded.login),
      Layer.succeed(Login.LoginForm, form)
    ))
  )
  const farcaster = Context.get(Effect.runSync(Layer.buildWithScope(layer, scope)), FarcasterLogin)
  Effect.runFork(Effect.forkIn(farcaster.followReloads, scope))
  return farcaster
}
