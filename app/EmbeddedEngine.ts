/**
 * The embedded wallet's part of the engine, loaded the first time the visitor chooses email or a social
 * account, or restores such a session (spec §2: the email and socials feature areas load on demand): the
 * frame on the API server's origin and the login feature over the running features. From then on the
 * frame's approval requests show in the modal, whatever asked for them.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import * as CodeChunk from "../core/CodeChunk.ts"
import { EmbeddedFrame, EmbeddedWalletWindowBlockedError, FrameAttacher } from "../core/embedded/FrameChannel.ts"
import type { FrameQuery } from "../core/embedded/FrameProtocol.ts"
import * as Login from "../core/embedded/Login.ts"
import { EmbeddedLogin, type LoginFailure } from "../core/features/EmbeddedLogin.ts"
import type { FarcasterLogin } from "../core/features/FarcasterLogin.ts"
import type * as Features from "../core/features/Features.ts"
import { attach, attachWindow } from "./EmbeddedFramePort.ts"
import type { OpenedWindow } from "./WalletWindowOpener.ts"

export interface EmbeddedParts {
  readonly frame: EmbeddedFrame["Service"]
  readonly login: EmbeddedLogin["Service"]
  /** Sign In With Farcaster, its own chunk (FarcasterEngine.ts) loaded when the visitor first chooses it. */
  readonly farcaster: Effect.Effect<FarcasterLogin["Service"], CodeChunk.FeatureUnavailableError>
  /** Moves the wallet into the window the visitor's click opened (WalletWindowOpener.ts; none when it was blocked). */
  readonly continueInWindow: (opened: OpenedWindow | undefined) => Effect.Effect<void, LoginFailure | EmbeddedWalletWindowBlockedError>
}

export const make = (
  context: Context.Context<Features.Features | Features.Environment>,
  form: SubscriptionRef.SubscriptionRef<Login.LoginState>,
  frame: { readonly apiUrl: string; readonly query: FrameQuery },
  scope: Scope.Scope
): EmbeddedParts => {
  const attacher = Layer.succeed(FrameAttacher, FrameAttacher.of({ attach: Effect.sync(() => attach(frame.apiUrl, frame.query)) }))
  const layer = EmbeddedLogin.layer.pipe(
    Layer.provideMerge(EmbeddedFrame.layer.pipe(Layer.provide(attacher))),
    Layer.provide(Layer.merge(Layer.succeedContext(context), Layer.succeed(Login.LoginForm, form)))
  )
  // Built in the engine's scope: the iframe stays until the engine is disposed.
  const built = Effect.runSync(Layer.buildWithScope(layer, scope))
  const login = Context.get(built, EmbeddedLogin)
  Effect.runFork(Effect.forkIn(login.watchApprovals, scope))
  const embedded = { frame: Context.get(built, EmbeddedFrame), login }
  return {
    ...embedded,
    farcaster: CodeChunk.lazy("Farcaster", () => import("./FarcasterEngine.ts").then((module) => module.make(context, embedded, form, scope))),
    continueInWindow: (opened) =>
      opened === undefined ? Effect.fail(new EmbeddedWalletWindowBlockedError()) : login.continueInWindow(Effect.sync(() => attachWindow(opened.popup, opened.origin)))
  }
}
