/**
 * Logging into the embedded wallet with email or a social account (spec §4 "Email login", "Email update",
 * §5 the email format and the 30 s trigger gate, §9 timers), then connecting it like any wallet.
 *
 * Email: connect email answers VERIFY_OTP (a code was mailed), VERIFY_DEVICE (a known visitor on a new
 * device: the mailed link approves it, then a code follows) or CONNECT; the code is typed and confirmed in
 * the frame's own panel (the host's page never sees it), and once that panel completes the
 * frame's key state says whether the wallet is ready or one of its panels comes first (a new visitor sets
 * up recovery, a known one on a new device recovers). Social: the provider's window (a popup, or the page
 * itself when the popup is blocked), then the same key state; a popup closed without an answer ends the
 * attempt (SocialWindowClosedError) once the answer had time to arrive. Once ready, the embedded connector connects
 * through the usual attempt. Requests needing the visitor's approval show the frame's approval panel
 * (ApproveTransaction) wherever they come from. Its own chunk with the frame (app/EmbeddedEngine.ts).
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Alert from "../Alert.ts"
import * as Constants from "../Constants.ts"
import * as EmbeddedConnector from "../connectors/EmbeddedConnector.ts"
import * as AccountTypes from "../embedded/AccountTypes.ts"
import * as Cooldown from "../Cooldown.ts"
import * as Email from "../Email.ts"
import { EmbeddedFrame, EmbeddedFrameRequestError, EmbeddedWalletWindowClosedError, type FrameFailure, type FramePort } from "../embedded/FrameChannel.ts"
import type * as Protocol from "../embedded/FrameProtocol.ts"
import { syncOnce } from "../embedded/HostSync.ts"
import * as Login from "../embedded/Login.ts"
import { fixed } from "../FixedMessage.ts"
import { HostConfig } from "../HostConfig.ts"
import { LegalConsent, type LegalConsentRequiredError } from "../LegalConsent.ts"
import * as Modal from "../Modal.ts"
import * as Session from "../Session.ts"
import type { SocialProvider } from "../SocialProvider.ts"
import * as Storage from "../Storage.ts"
import * as StorageKey from "../StorageKey.ts"
import { ConnectAttempt } from "./ConnectAttempt.ts"
import { routerContext } from "./ChainSupport.ts"

export type LoginFailure = FrameFailure | Email.InvalidEmailError | Cooldown.EmailCooldownError | LoginPanelClosedError | SocialWindowClosedError | LegalConsentRequiredError

/** The modal view of each step that has one. */
const viewOf = (step: Login.LoginStep): Modal.View | undefined => {
  switch (step._tag) {
    case "Otp":
      return "EmailVerifyOtp"
    case "Device":
      return "EmailVerifyDevice"
    case "Social":
      return "ConnectingSocial"
    case "Farcaster":
      return "ConnectingFarcaster"
    case "Panel":
      return step.kind === "approve" ? "ApproveTransaction" : "EmbeddedWalletPanel"
    case "UpdateCode":
      return "UpdateEmailPrimaryOtp"
    default:
      return undefined
  }
}

const problemOf = (error: { readonly _tag: string; readonly message: string; readonly reason?: string | undefined; readonly seconds?: number }) => ({
  _tag: error._tag,
  message: error.message,
  ...(error.reason === undefined ? {} : { reason: error.reason }),
  ...(error.seconds === undefined ? {} : { seconds: error.seconds })
})

/** The server's email cooldown, answered through the frame, is the same failure as ours, with its seconds. */
const asCooldown = <E>(error: E): E | Cooldown.EmailCooldownError =>
  error instanceof EmbeddedFrameRequestError && error.reason === "EmailCooldown" && error.retryAfter !== undefined
    ? Cooldown.EmailCooldownError.of(error.retryAfter)
    : error

type Frame = EmbeddedFrame["Service"]
type Form = SubscriptionRef.SubscriptionRef<Login.LoginState>

/** Shows a step in the form and its view in the modal. */
export const showStep = (form: Form, modal: Modal.Modal["Service"]) => (step: Login.LoginStep) =>
  Effect.gen(function*() {
    yield* SubscriptionRef.set(form, { step, problem: undefined })
    const view = viewOf(step)
    if (view === undefined) return
    const state = yield* SubscriptionRef.get(modal.state)
    // A step that stays on its view (a new code, a second try) replaces it rather than stacking it.
    if (!state.open) return yield* modal.open({ view })
    yield* Modal.currentView(state) === view ? modal.replace({ view }) : modal.push({ view })
  })

/** Spec §8's alerts for the frame that did not load or answer (or whose window was closed), as toasts. */
const alertIn = (modal: Modal.Modal["Service"]) => (error: { readonly _tag: string; readonly message: string }) =>
  error._tag === "EmbeddedFrameLoadError" || error._tag === "EmbeddedFrameTimeoutError" || error._tag === "EmbeddedWalletStorageBlockedError" ||
    error._tag === "EmbeddedWalletWindowClosedError"
    ? modal.showToast({ message: error.message, errorTag: error._tag, variant: "error" })
    : Effect.void

/** Keeps the step, shows the failure, and hands it on. */
export const failingIn = (form: Form, modal: Modal.Modal["Service"]) => {
  const alertFor = alertIn(modal)
  return <A, E extends { readonly _tag: string; readonly message: string }, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.tapError(Effect.mapError(effect, asCooldown), (error) =>
      Effect.andThen(SubscriptionRef.update(form, (state) => ({ ...state, problem: problemOf(error) })), alertFor(error)))
}

/** The panels that, once done, give the view before them back (the others are followed by their login). */
const visitorPanels: ReadonlySet<Protocol.PanelKind> = new Set(["approve", "export", "accountType"])

/** Waits until the frame's panel `panelId` is done, with its outcome. */
const panelOutcomeIn = (frame: Frame) => (panelId: string) =>
  frame.events.pipe(
    Stream.filter((event) => event.type === "PANEL_DONE" && event.panelId === panelId),
    Stream.runHead,
    Effect.map((event) => event._tag === "Some" && event.value.type === "PANEL_DONE" ? event.value.outcome : "closed")
  )

/**
 * A popup login's wait for the frame's answer to the provider's sign-in: while it is awaited, a closed
 * popup ends the attempt once the answer had `Constants.socialWindowGraceMillis` to arrive.
 */
const socialWait = (frame: Frame, form: Form) => {
  /** The popup login still waiting for its provider's answer (none once the frame answered). */
  let waiting: Fiber.Fiber<unknown, unknown> | undefined
  return {
    answer: (completionCode: string | undefined) =>
      Effect.withFiber((fiber) => {
        waiting = fiber
        return Effect.ensuring(frame.request("COMPLETE_SOCIAL", completionCode === undefined ? {} : { completionCode }), Effect.sync(() => {
          if (waiting === fiber) waiting = undefined
        }))
      }),
    closed: Effect.gen(function*() {
      const waited = waiting
      if (waited === undefined) return
      yield* Effect.sleep(Constants.socialWindowGraceMillis)
      // Answered meanwhile (then the wallet's setup or a failure shows), or a new attempt started.
      if (waiting !== waited) return
      waiting = undefined
      yield* Fiber.interrupt(waited)
      yield* SubscriptionRef.update(form, (state) => ({ ...state, problem: problemOf(new SocialWindowClosedError()) }))
    })
  }
}

/** Shows the frame's approval panel whenever a request needs it, and leaves it when answered. */
const watchApprovals = (deps: {
  readonly frame: Frame
  readonly form: Form
  readonly modal: Modal.Modal["Service"]
  readonly router: Effect.Effect<Modal.RouterContext>
  readonly show: (step: Login.LoginStep) => Effect.Effect<void>
}) =>
  Stream.runForEach(deps.frame.events, (event) =>
    Effect.gen(function*() {
      const { form, modal } = deps
      if (event.type === "WINDOW_CLOSED") {
        // The wallet ran in its own window: the visitor closed it, so it is gone here (the connector ends the
        // connection). The view on screen says so and offers to open it again.
        const closed = new EmbeddedWalletWindowClosedError()
        yield* SubscriptionRef.update(form, (state) => ({ ...state, problem: problemOf(closed) }))
        return yield* alertIn(modal)(closed)
      }
      if (event.type === "SESSION_EXPIRED") {
        // The connector ends the connection; the visitor is told why (spec §8 "Session Expired").
        return yield* modal.showToast(Alert.sessionExpiredToast)
      }
      if (event.type === "APPROVAL_REQUIRED") {
        const url = yield* deps.frame.panelUrl(event.panelId)
        return yield* deps.show({ _tag: "Panel", kind: "approve", panelId: event.panelId, url })
      }
      if (event.type !== "PANEL_DONE") return
      const state = yield* SubscriptionRef.get(form)
      if (state.step._tag !== "Panel" || state.step.panelId !== event.panelId || !visitorPanels.has(state.step.kind)) return
      yield* SubscriptionRef.set(form, Login.initial)
      // The approval (export, account type) is answered: the view it needed goes, and the modal with it when nothing is left.
      const modalState = yield* SubscriptionRef.get(modal.state)
      if (modalState.history.length <= 1) return yield* modal.close(yield* deps.router, { forced: true })
      yield* modal.back(yield* deps.router)
    }).pipe(Effect.ignore))

export class EmbeddedLogin extends Context.Service<EmbeddedLogin, {
  readonly form: SubscriptionRef.SubscriptionRef<Login.LoginState>
  /** Sends the email address to the frame (at most once per 30 s) and shows the step it answers. */
  readonly connectEmail: (email: string) => Effect.Effect<void, LoginFailure>
  /** Mails a new code to the address of the current step (the same 30 s gate); its panel replaces the last one. */
  readonly resendCode: Effect.Effect<void, LoginFailure>
  /**
   * Starts a social login: the provider's authorization URL, to open in the popup the view opened (or in
   * the page itself, `redirect`). A popup login then completes by itself.
   */
  readonly connectSocial: (provider: SocialProvider, mode: "popup" | "redirect", returnTo: string) => Effect.Effect<string, LoginFailure>
  /** Completes a social login the page came back from (redirect mode), with the completion code it came back with. */
  readonly resumeSocial: (completionCode: string | undefined) => Effect.Effect<void, LoginFailure>
  /**
   * The provider's popup closed. A sign-in that finished closes it by itself, so its answer is given
   * `Constants.socialWindowGraceMillis` to arrive; without one the attempt ends with SocialWindowClosedError.
   */
  readonly socialWindowClosed: Effect.Effect<void>
  /** Email update: both codes are typed in the frame's panel; once it completes, back to Account. */
  readonly updateEmail: (email: string) => Effect.Effect<void, LoginFailure>
  /** The frame's key export (the keys never leave its origin) or account-type panel (chosen on its origin only). */
  readonly openPanel: (kind: "export" | "accountType") => Effect.Effect<void, LoginFailure>
  /** Ends every session of the visitor, on every browser and device (the connection here ends with it). */
  readonly signOutEverywhere: Effect.Effect<void, LoginFailure>
  /** The signed-in visitor (email or social account, accounts). */
  readonly user: Effect.Effect<Protocol.Success<"GET_USER">, LoginFailure>
  /** Leaves the login where it is (back to Connect). */
  readonly cancel: Effect.Effect<void>
  /** What a login started elsewhere (Farcaster) does first: the legal consent, then the host's data to the frame. */
  readonly begin: Effect.Effect<void, LoginFailure>
  /** What it does once signed in: the frame's panels until the wallet is ready, then the connection. */
  readonly finish: Effect.Effect<void, LoginFailure>
  /**
   * Moves the wallet into its own window, which the visitor's click opened (`attach` binds it), where the
   * browser refuses the hidden frame its storage or the window was closed; an email login that stopped
   * there starts again in it.
   */
  readonly continueInWindow: (attach: Effect.Effect<FramePort>) => Effect.Effect<void, LoginFailure>
  /** Shows the frame's approval panel whenever a request needs it, and leaves it when answered. Runs for ever. */
  readonly watchApprovals: Effect.Effect<void>
}>()("portico/core/features/EmbeddedLogin") {
  static readonly layer = Layer.effect(
    EmbeddedLogin,
    Effect.gen(function*() {
      const frame = yield* EmbeddedFrame
      const form = yield* Login.LoginForm
      const modal = yield* Modal.Modal
      const attempt = yield* ConnectAttempt
      const storage = yield* Storage.Storage
      const config = yield* HostConfig
      const consent = yield* LegalConsent
      const gate = yield* Effect.provideService(Cooldown.makeEmailPersisted, Storage.Storage, storage)
      const session = yield* Session.Session
      /** The 30 s gate (spec §5), checked before the frame is asked. */
      const openGate = Cooldown.ensureOpen(gate)
      const router = routerContext.pipe(Effect.provideService(HostConfig, config), Effect.provideService(Session.Session, session))
      const show = showStep(form, modal)
      const failing = failingIn(form, modal)
      const { sync, reset: resync } = syncOnce(frame, config)
      const panelOutcome = panelOutcomeIn(frame)
      const social = socialWait(frame, form)
      /**
       * What a new wallet's window takes up: the email login it stopped in, or, once a login went through,
       * opening the wallet again from the session that window's storage keeps.
       */
      let resume: Effect.Effect<void, LoginFailure> | undefined

      /** After a login: the frame's panels until the wallet is ready, then the connection. */
      const finish: Effect.Effect<void, LoginFailure> = Effect.gen(function*() {
        yield* SubscriptionRef.set(form, { step: { _tag: "Working" }, problem: undefined })
        const keys = yield* frame.request("GET_KEY_STATE", {})
        if (keys.state !== "ready") {
          const url = yield* frame.panelUrl(keys.panelId)
          yield* show({ _tag: "Panel", kind: keys.state, panelId: keys.panelId, url })
          const outcome = yield* panelOutcome(keys.panelId)
          if (outcome !== "completed") return yield* new LoginPanelClosedError()
          return yield* finish
        }
        yield* SubscriptionRef.set(form, Login.initial)
        resume = finish
        yield* AccountTypes.settle(frame, storage)
        yield* attempt.connect(EmbeddedConnector.connectorId)
      })

      /** The frame's panel `panelId` as the modal shows it. */
      const panelRef = (panelId: string) => Effect.map(frame.panelUrl(panelId), (url): Login.PanelRef => ({ panelId, url }))

      /**
       * The login goes on once the code panel completes (the visitor typed the right code there). A panel
       * closed or replaced (a code resent) ends this wait quietly: the newer one carries the login.
       */
      const afterCode = (panelId: string) =>
        Effect.forkDetach(failing(Effect.gen(function*() {
          if ((yield* panelOutcome(panelId)) === "completed") yield* finish
        })))

      const showCode = (email: string, panelId: string) =>
        Effect.gen(function*() {
          const panel = yield* panelRef(panelId)
          yield* show({ _tag: "Otp", email, sentAt: yield* Clock.currentTimeMillis, panel })
          yield* afterCode(panelId)
        })

      const sendEmail = (email: string) =>
        Effect.gen(function*() {
          const valid = yield* Email.validate(email.trim())
          resume = sendEmail(valid)
          yield* openGate
          yield* sync
          const answer = yield* frame.request("CONNECT_EMAIL", { email: valid })
          // Closed once a mail went: a send the server refused (its own gate, a bad address) starts no wait here.
          yield* gate.close
          yield* storage.set(StorageKey.emailLogin, true).pipe(Effect.ignore)
          if (answer.action === "CONNECT") return yield* finish
          if (answer.action === "VERIFY_OTP") return yield* showCode(valid, answer.panelId)
          yield* show({ _tag: "Device", email: valid, sentAt: yield* Clock.currentTimeMillis })
          // The visitor follows the link in the mail; then a code is mailed, typed in the frame's panel.
          const { panelId } = yield* frame.request("CONNECT_DEVICE", {})
          const panel = yield* panelRef(panelId)
          yield* modal.replace({ view: "EmailVerifyOtp" })
          yield* SubscriptionRef.set(form, { step: { _tag: "Otp", email: valid, sentAt: yield* Clock.currentTimeMillis, panel }, problem: undefined })
          yield* afterCode(panelId)
        })

      const currentEmail = Effect.map(SubscriptionRef.get(form), (state) =>
        state.step._tag === "Otp" || state.step._tag === "Device" ? state.step.email : undefined)

      const completeSocial = (provider: SocialProvider | undefined, completionCode?: string) =>
        Effect.gen(function*() {
          const { userName } = yield* social.answer(completionCode)
          if (provider !== undefined) yield* storage.set(StorageKey.connectedSocial, provider).pipe(Effect.ignore)
          yield* storage.set(StorageKey.connectedSocialUsername, userName ?? null).pipe(Effect.ignore)
          yield* finish
        })

      return EmbeddedLogin.of({
        form,
        connectEmail: (email) => failing(Effect.andThen(consent.check, sendEmail(email))),
        resendCode: failing(Effect.flatMap(currentEmail, (email) => email === undefined ? Effect.void : sendEmail(email))),
        connectSocial: (provider, mode, returnTo) =>
          failing(Effect.gen(function*() {
            yield* consent.check
            yield* sync
            const { authorizationUrl } = yield* frame.request("CONNECT_SOCIAL", { provider, mode, returnTo })
            yield* show({ _tag: "Social", provider })
            // A redirect leaves the page: the provider is remembered for the return.
            if (mode === "redirect") yield* storage.set(StorageKey.connectedSocial, provider).pipe(Effect.ignore)
            else yield* Effect.forkDetach(failing(completeSocial(provider)))
            return authorizationUrl
          })),
        socialWindowClosed: social.closed,
        resumeSocial: (completionCode) => failing(Effect.gen(function*() {
          const remembered = yield* storage.get(StorageKey.connectedSocial).pipe(Effect.orElseSucceed(() => null))
          const provider = remembered === null || remembered === "farcaster" ? undefined : remembered
          yield* show(provider === undefined ? { _tag: "Social" } : { _tag: "Social", provider })
          yield* sync
          yield* completeSocial(provider, completionCode)
        })),
        updateEmail: (email) =>
          failing(Effect.gen(function*() {
            const valid = yield* Email.validate(email.trim())
            yield* openGate
            const { panelId } = yield* frame.request("UPDATE_EMAIL", { email: valid })
            yield* gate.close
            yield* show({ _tag: "UpdateCode", newEmail: valid, panel: yield* panelRef(panelId) })
            yield* Effect.forkDetach(Effect.gen(function*() {
              if ((yield* panelOutcome(panelId)) !== "completed") return
              yield* SubscriptionRef.set(form, Login.initial)
              yield* modal.goBackTo("Account")
            }))
          })),
        openPanel: (kind) => failing(Effect.gen(function*() {
          const { panelId } = yield* frame.request("OPEN_PANEL", { kind })
          yield* show({ _tag: "Panel", kind, ...(yield* panelRef(panelId)) })
        })),
        signOutEverywhere: failing(Effect.asVoid(frame.request("SIGN_OUT_EVERYWHERE", {}))),
        user: frame.request("GET_USER", {}),
        cancel: SubscriptionRef.set(form, Login.initial),
        begin: Effect.andThen(consent.check, sync),
        finish,
        continueInWindow: (attach) =>
          failing(Effect.gen(function*() {
            yield* SubscriptionRef.update(form, (state) => ({ ...state, problem: undefined }))
            yield* frame.useWindow(attach)
            // The window is a frame of its own: it hears who the host is, and takes up the email login.
            yield* resync
            yield* sync
            if (resume !== undefined) yield* resume
          })),
        watchApprovals: watchApprovals({ frame, form, modal, router, show })
      })
    })
  )
}

/** The visitor closed the frame's setup or recovery panel before the wallet was ready. */
export class LoginPanelClosedError extends Schema.TaggedError<LoginPanelClosedError>()("LoginPanelClosedError", {
  message: fixed("The embedded wallet was not set up")
}) {}

/** The provider's window was closed before the sign-in finished. */
export class SocialWindowClosedError extends Schema.TaggedError<SocialWindowClosedError>()("SocialWindowClosedError", {
  message: fixed("The sign-in window was closed before the sign-in finished")
}) {}
