/**
 * The embedded wallet's login features over a scripted frame (ScriptedFrame.ts) behind the real frame
 * channel and the real embedded connector, with the engine's features around them: the frame's usual
 * answers, and what the tests read (the login step, the view on screen, the session's accounts).
 */
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import * as Embedded from "../../../core/connectors/Embedded.ts"
import { EmbeddedFrame, FrameAttacher } from "../../../core/embedded/FrameChannel.ts"
import type * as Protocol from "../../../core/embedded/FrameProtocol.ts"
import * as Login from "../../../core/embedded/Login.ts"
import { EmbeddedLogin } from "../../../core/features/EmbeddedLogin.ts"
import * as Modal from "../../../core/Modal.ts"
import * as Session from "../../../core/Session.ts"
import { type EnvironmentOptions, features } from "./Environment.ts"
import type { Answer, scriptedFrame } from "./ScriptedFrame.ts"
import { evmAddress, solAddress, solNetwork } from "./Wallets.ts"

export const user: Protocol.FrameUser = {
  email: "ada@example.test",
  accounts: [
    { namespace: "eip155", address: evmAddress, type: "eoa", path: "m/44'/60'/0'/0/0" },
    { namespace: "solana", address: solAddress, type: "eoa", path: "m/44'/501'/0'/0'" }
  ],
  preferredAccountType: "eoa",
  smartAccountDeployed: false
}
export const panelId = "b".repeat(32)
export const codePanelId = "d".repeat(32)

/** The usual frame: codes go out (typed in the panel `codePanelId`), the wallet is ready or (`setup`) new. */
export const usual = (options: { readonly setup?: { done: boolean } } = {}) => (request: Protocol.Request): Answer => {
  switch (request.type) {
    case "CONNECT_EMAIL":
      return { ok: { action: "VERIFY_OTP", panelId: codePanelId } }
    case "GET_KEY_STATE":
      return options.setup !== undefined && !options.setup.done ? { ok: { state: "setup", panelId } } : { ok: { state: "ready", user } }
    case "GET_CHAIN_ID":
      return { ok: { chainId: "eip155:31337" } }
    case "SWITCH_NETWORK":
      return { ok: { chainId: (request.payload as { chainId: string }).chainId } }
    // No smart accounts here: both account type calls fail, and the spec's fallbacks apply.
    case "SET_PREFERRED_ACCOUNT":
    case "GET_SMART_ACCOUNT_ENABLED_NETWORKS":
      return { error: "Smart accounts are not available" }
    case "RPC_REQUEST":
      return { ok: { result: "0xsigned" } }
    default:
      return { ok: {} }
  }
}

export const withLogin = (frame: ReturnType<typeof scriptedFrame>, config: EnvironmentOptions["config"] = {}) => {
  // The connector is made before the frame service it uses exists: it gets it once built.
  const loaded = Deferred.makeUnsafe<EmbeddedFrame["Service"]>()
  const client = Embedded.make({ frame: () => Effect.runPromise(Deferred.await(loaded)), networks: ["eip155:31337", solNetwork] })
  const attacher = Layer.succeed(FrameAttacher, FrameAttacher.of({ attach: Effect.succeed(frame.port) }))
  const layer = EmbeddedLogin.layer.pipe(
    Layer.provideMerge(EmbeddedFrame.layer.pipe(Layer.provide(attacher))),
    Layer.provideMerge(Layer.effect(Login.LoginForm, SubscriptionRef.make(Login.initial))),
    Layer.provideMerge(features({ clients: [client], config }))
  )
  return <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.gen(function*() {
      yield* Deferred.succeed(loaded, yield* EmbeddedFrame)
      // Here the embedded connector arrives as a discovered one (the page has it from the start).
      yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
      yield* Effect.flatMap(EmbeddedLogin, (login) => Effect.forkChild(login.watchApprovals))
      return yield* effect
    }).pipe(Effect.provide(layer))
}

export const step = Effect.map(Effect.flatMap(EmbeddedLogin, (login) => SubscriptionRef.get(login.form)), (state) => state.step)
export const view = Effect.map(Effect.flatMap(Modal.Modal, (modal) => SubscriptionRef.get(modal.state)), Modal.currentView)
export const sessionAccounts = Effect.map(Effect.flatMap(Session.Session, (session) => SubscriptionRef.get(session.state)), Session.accounts)
