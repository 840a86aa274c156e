/**
 * Logging into the embedded wallet with email or a social account (spec §4 "Email login", "Email update",
 * §5 the email format and the 30 s trigger gate, §9 timers), then connecting it like any wallet.
 *
 * Email: connect email answers VERIFY_OTP (a code was mailed), VERIFY_DEVICE (a known visitor on a new
 * device: the mailed link approves it, then a code follows) or CONNECT; the code is confirmed; then the
 * frame's key state says whether the wallet is ready or one of its panels comes first (a new visitor sets
 * up recovery, a known one on a new device recovers). Social: the provider's window (a popup, or the page
 * itself when the popup is blocked), then the same key state. Once ready, the embedded connector connects
 * through the usual attempt. Requests needing the visitor's approval show the frame's approval panel
 * (ApproveTransaction) wherever they come from. Its own chunk with the frame (app/EmbeddedEngine.ts).
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Account from "../Account.ts"
import * as Alert from "../Alert.ts"
import * as Embedded from "../connectors/Embedded.ts"
import * as Cooldown from "../Cooldown.ts"
import * as Email from "../Email.ts"
import { EmbeddedFrame, type FrameFailure } from "../embedded/FrameChannel.ts"
import type * as Protocol from "../embedded/FrameProtocol.ts"
import * as Login from "../embedded/Login.ts"
import { fixed } from "../FixedMessage.ts"
import { HostConfig } from "../HostConfig.ts"
import * as Locale from "../Locale.ts"
import * as Modal from "../Modal.ts"
import * as Session from "../Session.ts"
import type { SocialProvider } from "../SocialProvider.ts"
import * as Storage from "../Storage.ts"
import * as StorageKey from "../StorageKey.ts"
import { ConnectAttempt } from "./ConnectAttempt.ts"
import { routerContext } from "./ChainSupport.ts"

export type LoginFailure = FrameFailure | Email.InvalidEmailError | Cooldown.EmailCooldownError | LoginPanelClosedError

/** The modal view of each step that has one. */
const viewOf = (step: Login.LoginStep): Modal.View | undefined => {
  switch (step._tag) {
    case "Otp":
      return "EmailVerifyOtp"
    case "Device":
      return "EmailVerifyDevice"
    case "Social":
      return "ConnectingSocial"
    case "Panel":
      return step.kind === "approve" ? "ApproveTransaction" : "EmbeddedWalletPanel"
    case "UpdatePrimary":
      return "UpdateEmailPrimaryOtp"
    case "UpdateSecondary":
      return "UpdateEmailSecondaryOtp"
    default:
      return undefined
  }
}

const problemOf = (error: { readonly _tag: string; readonly message: string; readonly reason?: string | undefined }) => ({
  _tag: error._tag,
  message: error.message,
  ...(error.reason === undefined ? {} : { reason: error.reason })
})

export class EmbeddedLogin extends Context.Service<EmbeddedLogin, {
  readonly form: SubscriptionRef.SubscriptionRef<Login.LoginState>
  /** Sends the email address to the frame (at most once per 30 s) and shows the step it answers. */
  readonly connectEmail: (email: string) => Effect.Effect<void, LoginFailure>
  /** Mails a new code to the address of the current step (the same 30 s gate). */
  readonly resendCode: Effect.Effect<void, LoginFailure>
  readonly verifyOtp: (otp: string) => Effect.Effect<void, LoginFailure>
  /**
   * Starts a social login: the provider's authorization URL, to open in the popup the view opened (or in
   * the page itself, `redirect`). A popup login then completes by itself.
   */
  readonly connectSocial: (provider: SocialProvider, mode: "popup" | "redirect", returnTo: string) => Effect.Effect<string, LoginFailure>
  /** Completes a social login the page came back from (redirect mode). */
  readonly resumeSocial: Effect.Effect<void, LoginFailure>
  /** Email update: a code to the current address first. */
  readonly updateEmail: (email: string) => Effect.Effect<void, LoginFailure>
  readonly verifyUpdateOtp: (otp: string) => Effect.Effect<void, LoginFailure>
  /** The frame's key export panel (the keys never leave the frame's origin). */
  readonly exportKeys: Effect.Effect<void, LoginFailure>
  /** The signed-in visitor (email or social account, accounts). */
  readonly user: Effect.Effect<Protocol.Success<"GET_USER">, LoginFailure>
  /** Leaves the login where it is (back to Connect). */
  readonly cancel: Effect.Effect<void>
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
      const gate = yield* Effect.provideService(Cooldown.makeEmailPersisted, Storage.Storage, storage)
      const session = yield* Session.Session
      /** The 30 s gate (spec §5), checked before the frame is asked. */
      const openGate = Cooldown.ensureOpen(gate)
      const router = routerContext.pipe(Effect.provideService(HostConfig, config), Effect.provideService(Session.Session, session))

      const show = (step: Login.LoginStep) =>
        Effect.gen(function*() {
          yield* SubscriptionRef.set(form, { step, problem: undefined })
          const view = viewOf(step)
          if (view === undefined) return
          const state = yield* SubscriptionRef.get(modal.state)
          yield* state.open ? modal.push({ view }) : modal.open({ view })
        })

      /** Spec §8's alerts for the frame that did not load or answer, as toasts. */
      const alertFor = (error: { readonly _tag: string; readonly message: string }) =>
        error._tag === "EmbeddedFrameLoadError" || error._tag === "EmbeddedFrameTimeoutError" || error._tag === "EmbeddedWalletStorageBlockedError"
          ? modal.showToast({ message: error.message, errorTag: error._tag, variant: "error" })
          : Effect.void

      /** Keeps the step, shows the failure, and hands it on. */
      const failing = <A, E extends { readonly _tag: string; readonly message: string }, R>(effect: Effect.Effect<A, E, R>) =>
        Effect.tapError(effect, (error) =>
          Effect.andThen(SubscriptionRef.update(form, (state) => ({ ...state, problem: problemOf(error) })), alertFor(error)))

      /** Once per frame: who the host is, its networks and its look. */
      let synced = false
      const sync = Effect.suspend(() => {
        if (synced) return Effect.void
        synced = true
        const networks = config.networks.map((network) => network.caipNetworkId).filter((id) => id.startsWith("eip155:") || id.startsWith("solana:"))
        return Effect.andThen(
          frame.request("SYNC_DAPP_DATA", {
            name: config.metadata.name,
            url: config.metadata.url,
            locale: Locale.negotiate([config.locale]),
            networks
          }),
          frame.request("SYNC_THEME", { themeMode: config.themeMode ?? "dark" })
        )
      })

      /** Waits until the frame's panel `panelId` is done, with its outcome. */
      const panelOutcome = (panelId: string) =>
        frame.events.pipe(
          Stream.filter((event) => event.type === "PANEL_DONE" && event.panelId === panelId),
          Stream.runHead,
          Effect.map((event) => event._tag === "Some" && event.value.type === "PANEL_DONE" ? event.value.outcome : "closed")
        )

      /**
       * Spec §4 "Account type fallbacks": the EVM default (§6) is asked for and EOA kept when the frame
       * refuses it; the smart-account networks are read, none when they cannot be. Both are remembered.
       */
      const settleAccountTypes = Effect.gen(function*() {
        const wanted = Account.defaultAccountType("eip155") === "smartAccount" ? "smartAccount" : "eoa"
        const chosen = yield* frame.request("SET_PREFERRED_ACCOUNT", { type: wanted }).pipe(
          Effect.map((answer) => answer.type),
          Effect.orElseSucceed(() => Account.fallbackAccountType)
        )
        const preferred = yield* storage.get(StorageKey.preferredAccountTypes).pipe(Effect.orElseSucceed(() => ({})))
        yield* storage.set(StorageKey.preferredAccountTypes, { ...preferred, eip155: chosen }).pipe(Effect.ignore)
        const networks = yield* frame.request("GET_SMART_ACCOUNT_ENABLED_NETWORKS", {}).pipe(
          Effect.map((answer) => answer.networks.flatMap((id) => id.startsWith("eip155:") ? [Number(id.slice("eip155:".length))] : [])),
          Effect.orElseSucceed((): ReadonlyArray<number> => [])
        )
        yield* storage.set(StorageKey.smartAccountEnabledNetworks, networks.filter(Number.isSafeInteger)).pipe(Effect.ignore)
      })

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
        yield* settleAccountTypes
        yield* attempt.connect(Embedded.connectorId)
      })

      const sendEmail = (email: string) =>
        Effect.gen(function*() {
          const valid = yield* Email.validate(email.trim())
          yield* openGate
          yield* sync
          const { action } = yield* frame.request("CONNECT_EMAIL", { email: valid })
          // Closed once a mail went: a send the server refused (its own gate, a bad address) starts no wait here.
          yield* gate.close
          yield* storage.set(StorageKey.emailLogin, true).pipe(Effect.ignore)
          const sentAt = yield* Clock.currentTimeMillis
          if (action === "CONNECT") return yield* finish
          if (action === "VERIFY_OTP") return yield* show({ _tag: "Otp", email: valid, sentAt })
          yield* show({ _tag: "Device", email: valid, sentAt })
          // The visitor follows the link in the mail; then a code is mailed.
          yield* frame.request("CONNECT_DEVICE", {})
          yield* modal.replace({ view: "EmailVerifyOtp" })
          yield* SubscriptionRef.set(form, { step: { _tag: "Otp", email: valid, sentAt: yield* Clock.currentTimeMillis }, problem: undefined })
        })

      const currentEmail = Effect.map(SubscriptionRef.get(form), (state) =>
        state.step._tag === "Otp" || state.step._tag === "Device" ? state.step.email : undefined)

      const completeSocial = (provider: SocialProvider | undefined) =>
        Effect.gen(function*() {
          const { userName } = yield* frame.request("COMPLETE_SOCIAL", {})
          if (provider !== undefined) yield* storage.set(StorageKey.connectedSocial, provider).pipe(Effect.ignore)
          yield* storage.set(StorageKey.connectedSocialUsername, userName ?? null).pipe(Effect.ignore)
          yield* finish
        })

      const watchApprovals = Stream.runForEach(frame.events, (event) =>
        Effect.gen(function*() {
          if (event.type === "SESSION_EXPIRED") {
            // The connector ends the connection; the visitor is told why (spec §8 "Session Expired").
            return yield* modal.showToast({ message: Alert.catalogue.SessionExpired.title, errorTag: "SessionExpired", variant: "error" })
          }
          if (event.type === "APPROVAL_REQUIRED") {
            const url = yield* frame.panelUrl(event.panelId)
            return yield* show({ _tag: "Panel", kind: "approve", panelId: event.panelId, url })
          }
          if (event.type !== "PANEL_DONE") return
          const state = yield* SubscriptionRef.get(form)
          if (state.step._tag !== "Panel" || state.step.panelId !== event.panelId || state.step.kind === "setup" || state.step.kind === "recover") return
          yield* SubscriptionRef.set(form, Login.initial)
          // The approval (or export) is answered: the view it needed goes, and the modal with it when nothing is left.
          const modalState = yield* SubscriptionRef.get(modal.state)
          if (modalState.history.length <= 1) return yield* modal.close(yield* router, { forced: true })
          yield* modal.back(yield* router)
        }).pipe(Effect.ignore))

      return EmbeddedLogin.of({
        form,
        connectEmail: (email) => failing(sendEmail(email)),
        resendCode: failing(Effect.flatMap(currentEmail, (email) => email === undefined ? Effect.void : sendEmail(email))),
        verifyOtp: (otp) => failing(Effect.andThen(frame.request("CONNECT_OTP", { otp: otp.trim() }), finish)),
        connectSocial: (provider, mode, returnTo) =>
          failing(Effect.gen(function*() {
            yield* sync
            const { authorizationUrl } = yield* frame.request("CONNECT_SOCIAL", { provider, mode, returnTo })
            yield* show({ _tag: "Social", provider })
            // A redirect leaves the page: the provider is remembered for the return.
            if (mode === "redirect") yield* storage.set(StorageKey.connectedSocial, provider).pipe(Effect.ignore)
            else yield* Effect.forkDetach(failing(completeSocial(provider)))
            return authorizationUrl
          })),
        resumeSocial: failing(Effect.gen(function*() {
          const remembered = yield* storage.get(StorageKey.connectedSocial).pipe(Effect.orElseSucceed(() => null))
          const provider = remembered === null || remembered === "farcaster" ? undefined : remembered
          yield* show(provider === undefined ? { _tag: "Social" } : { _tag: "Social", provider })
          yield* sync
          yield* completeSocial(provider)
        })),
        updateEmail: (email) =>
          failing(Effect.gen(function*() {
            const valid = yield* Email.validate(email.trim())
            yield* openGate
            yield* frame.request("UPDATE_EMAIL", { email: valid })
            yield* gate.close
            yield* show({ _tag: "UpdatePrimary", newEmail: valid })
          })),
        verifyUpdateOtp: (otp) =>
          failing(Effect.gen(function*() {
            const state = yield* SubscriptionRef.get(form)
            if (state.step._tag === "UpdatePrimary") {
              yield* frame.request("UPDATE_EMAIL_PRIMARY_OTP", { otp: otp.trim() })
              return yield* show({ _tag: "UpdateSecondary", newEmail: state.step.newEmail })
            }
            yield* frame.request("UPDATE_EMAIL_SECONDARY_OTP", { otp: otp.trim() })
            yield* SubscriptionRef.set(form, Login.initial)
            yield* modal.goBackTo("Account")
          })),
        exportKeys: failing(Effect.gen(function*() {
          const { panelId } = yield* frame.request("OPEN_PANEL", { kind: "export" })
          yield* show({ _tag: "Panel", kind: "export", panelId, url: yield* frame.panelUrl(panelId) })
        })),
        user: frame.request("GET_USER", {}),
        cancel: SubscriptionRef.set(form, Login.initial),
        watchApprovals
      })
    })
  )
}

/** The visitor closed the frame's setup or recovery panel before the wallet was ready. */
export class LoginPanelClosedError extends Schema.TaggedError<LoginPanelClosedError>()("LoginPanelClosedError", {
  message: fixed("The embedded wallet was not set up")
}) {}
