/**
 * Email login into the embedded wallet, against a scripted frame behind the real frame channel and the
 * real embedded connector: the email's format and the 30 s trigger gate are checked before the frame is
 * asked; VERIFY_OTP shows the code view with the frame's code panel — no code ever passes through the
 * modal — and once that panel completes both accounts connect through the usual attempt; a closed code
 * panel connects nothing; a new visitor's setup panel comes first and a closed one connects nothing; an
 * approval request anywhere shows ApproveTransaction and its answer closes it. Where the browser refuses the
 * frame its storage, the login goes on in the wallet's own window, whose panels the modal does not draw;
 * closing that window ends the connection and says so, and reopening it opens the wallet again.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import * as Constants from "../../../core/Constants.ts"
import * as Cooldown from "../../../core/Cooldown.ts"
import * as EmbeddedConnector from "../../../core/connectors/EmbeddedConnector.ts"
import type * as Protocol from "../../../core/embedded/FrameProtocol.ts"
import { LegalConsent } from "../../../core/LegalConsent.ts"
import { EmbeddedLogin } from "../../../core/features/EmbeddedLogin.ts"
import * as Modal from "../../../core/Modal.ts"
import * as Storage from "../../../core/Storage.ts"
import * as StorageKey from "../../../core/StorageKey.ts"
import { codePanelId, panelId, sessionAccounts, step, usual, view, withLogin } from "../support/EmbeddedLoginHarness.ts"
import { type Answer, scriptedFrame } from "../support/ScriptedFrame.ts"
import { evmAddress, solAddress } from "../support/Wallets.ts"

describe("EmbeddedLogin", () => {
  it.live("checks the email's format and the 30 s gate before asking the frame", () => {
    const frame = scriptedFrame(usual())
    return Effect.gen(function*() {
      const login = yield* EmbeddedLogin
      assert.strictEqual((yield* Effect.flip(login.connectEmail("not an email")))._tag, "InvalidEmailError")
      assert.deepStrictEqual(frame.asked, [])
      yield* login.connectEmail("ada@example.test")
      const again = yield* Effect.flip(login.connectEmail("ada@example.test"))
      assert.strictEqual(again._tag, "EmailCooldownError")
      assert.match(again.message, /^Please try again after (29|30) seconds$/)
      assert.strictEqual(frame.asked.filter((type) => type === "CONNECT_EMAIL").length, 1)
    }).pipe(withLogin(frame))
  })

  it.live("with the legal checkbox on, neither email nor social login asks the frame before the visitor agrees", () => {
    const frame = scriptedFrame(usual())
    return Effect.gen(function*() {
      const login = yield* EmbeddedLogin
      assert.strictEqual((yield* Effect.flip(login.connectEmail("ada@example.test")))._tag, "LegalConsentRequiredError")
      assert.strictEqual((yield* Effect.flip(login.connectSocial("google", "popup", "https://app.test/")))._tag, "LegalConsentRequiredError")
      assert.notInclude(frame.asked, "CONNECT_EMAIL")
      assert.notInclude(frame.asked, "CONNECT_SOCIAL")
      yield* SubscriptionRef.set((yield* LegalConsent).agreed, true)
      yield* login.connectEmail("ada@example.test")
      assert.include(frame.asked, "CONNECT_EMAIL")
    }).pipe(withLogin(frame, { features: { legalCheckbox: true }, termsConditionsUrl: "https://app.test/terms", privacyPolicyUrl: "https://app.test/privacy" }))
  })

  it.live("the server's cooldown, answered through the frame, is the same typed failure with its seconds", () => {
    const frame = scriptedFrame((request) =>
      request.type === "CONNECT_EMAIL"
        ? { error: "Please try again after 20 seconds", reason: "EmailCooldown", retryAfter: 20 }
        : usual()(request))
    return Effect.gen(function*() {
      const login = yield* EmbeddedLogin
      const refused = yield* Effect.flip(login.connectEmail("ada@example.test"))
      assert.deepStrictEqual(refused, Cooldown.EmailCooldownError.of(20))
      // The view reads the number from the problem's own field.
      assert.strictEqual((yield* Effect.flatMap(EmbeddedLogin, (feature) => SubscriptionRef.get(feature.form))).problem?.seconds, 20)
    }).pipe(withLogin(frame))
  })

  it.live("shows the code view with the frame's code panel, and connects both accounts once the panel completes", () => {
    const frame = scriptedFrame(usual())
    return Effect.gen(function*() {
      const login = yield* EmbeddedLogin
      yield* Effect.flatMap(Modal.Modal, (modal) => modal.open({ view: "Connect" }))
      yield* login.connectEmail("ada@example.test")
      const shown = yield* step
      assert.deepStrictEqual(shown._tag === "Otp" ? shown.panel : undefined, { panelId: codePanelId, url: `http://wallet.test/embedded/panel?panelId=${codePanelId}` })
      assert.strictEqual(yield* view, "EmailVerifyOtp")
      // The modal has no way to hand the frame a code: only the address went.
      assert.deepStrictEqual(frame.asked.filter((type) => type !== "SYNC_DAPP_DATA" && type !== "SYNC_THEME"), ["CONNECT_EMAIL"])
      yield* Effect.sleep("20 millis")
      frame.event({ type: "PANEL_DONE", panelId: codePanelId, outcome: "completed" })
      yield* Effect.sleep("50 millis")
      assert.deepStrictEqual((yield* sessionAccounts).map((account) => [account.namespace, account.address, account.connectorId]), [
        ["eip155", evmAddress, EmbeddedConnector.connectorId],
        ["solana", solAddress, EmbeddedConnector.connectorId]
      ])
      // Spec §4: the smart account the EVM default asks for was refused, so EOA; no smart-account networks.
      const storage = yield* Storage.Storage
      assert.deepStrictEqual(yield* storage.get(StorageKey.preferredAccountTypes), { eip155: "eoa" })
      assert.deepStrictEqual(yield* storage.get(StorageKey.smartAccountEnabledNetworks), [])
      assert.includeMembers(frame.asked, ["SET_PREFERRED_ACCOUNT", "GET_SMART_ACCOUNT_ENABLED_NETWORKS"])
    }).pipe(withLogin(frame))
  })

  it.live("a session the server ended (SESSION_EXPIRED) disconnects and shows the 'Session Expired' toast", () => {
    const frame = scriptedFrame(usual())
    // Logged in by email: the code panel completes and both accounts connect.
    const loggedIn = Effect.flatMap(EmbeddedLogin, (login) => login.connectEmail("ada@example.test")).pipe(
      Effect.andThen(Effect.sleep("20 millis")),
      Effect.andThen(Effect.sync(() => frame.event({ type: "PANEL_DONE", panelId: codePanelId, outcome: "completed" }))),
      Effect.andThen(Effect.sleep("50 millis"))
    )
    return Effect.gen(function*() {
      yield* loggedIn
      assert.strictEqual((yield* sessionAccounts).length, 2)
      frame.event({ type: "SESSION_EXPIRED" })
      yield* Effect.sleep("50 millis")
      assert.deepStrictEqual(yield* sessionAccounts, [])
      const toast = (yield* Effect.flatMap(Modal.Modal, (modal) => SubscriptionRef.get(modal.state))).toast
      assert.deepInclude(toast, { message: "Session Expired", errorTag: "SessionExpired", variant: "error" })
    }).pipe(withLogin(frame))
  })

  it.live("goes on in the wallet's window where the frame is refused its storage, and ends the connection when that window is closed", () => {
    const refused = scriptedFrame(usual(), "refused")
    const popup = scriptedFrame(usual(), "window")
    const reopened = scriptedFrame(usual(), "window")
    return Effect.gen(function*() {
      const login = yield* EmbeddedLogin
      yield* Effect.flatMap(Modal.Modal, (modal) => modal.open({ view: "Connect" }))
      assert.strictEqual((yield* Effect.flip(login.connectEmail("ada@example.test")))._tag, "EmbeddedWalletStorageBlockedError")
      // The visitor's click opened the window: the email login goes on there, its code panel drawn there.
      yield* login.continueInWindow(Effect.succeed(popup.port))
      assert.deepStrictEqual(popup.asked.slice(0, 3), ["SYNC_DAPP_DATA", "SYNC_THEME", "CONNECT_EMAIL"])
      const shown = yield* step
      assert.deepStrictEqual(shown._tag === "Otp" ? shown.panel : undefined, { panelId: codePanelId, url: undefined })
      assert.strictEqual(yield* view, "EmailVerifyOtp")
      yield* Effect.sleep("20 millis")
      popup.event({ type: "PANEL_DONE", panelId: codePanelId, outcome: "completed" })
      yield* Effect.sleep("50 millis")
      assert.deepStrictEqual((yield* sessionAccounts).map((account) => account.address), [evmAddress, solAddress])

      // The visitor closes the window: the connection ends, and the login says why.
      popup.close()
      yield* Effect.sleep("50 millis")
      assert.deepStrictEqual(yield* sessionAccounts, [])
      assert.strictEqual((yield* Effect.flatMap(EmbeddedLogin, (service) => SubscriptionRef.get(service.form))).problem?._tag, "EmbeddedWalletWindowClosedError")
      assert.strictEqual((yield* Effect.flip(login.user))._tag, "EmbeddedWalletWindowClosedError")
      // Reopened: the wallet opens again from the session the window keeps, without a new code.
      yield* login.continueInWindow(Effect.succeed(reopened.port))
      assert.notInclude(reopened.asked, "CONNECT_EMAIL")
      assert.include(reopened.asked, "GET_KEY_STATE")
      assert.deepStrictEqual((yield* sessionAccounts).map((account) => account.address), [evmAddress, solAddress])
    }).pipe(withLogin(refused))
  })

  it.live("connects nothing when the code panel is closed", () => {
    const frame = scriptedFrame(usual())
    return Effect.gen(function*() {
      const login = yield* EmbeddedLogin
      yield* login.connectEmail("ada@example.test")
      // The visitor types the code in the panel: the login is listening by then.
      yield* Effect.sleep("20 millis")
      frame.event({ type: "PANEL_DONE", panelId: codePanelId, outcome: "closed" })
      yield* Effect.sleep("50 millis")
      assert.deepStrictEqual(yield* sessionAccounts, [])
      assert.notInclude(frame.asked, "GET_KEY_STATE")
    }).pipe(withLogin(frame))
  })

  it.live("shows a new visitor's setup panel first, and connects nothing when it is closed", () => {
    const frame = scriptedFrame(usual({ setup: { done: false } }))
    return Effect.gen(function*() {
      const login = yield* EmbeddedLogin
      yield* login.connectEmail("ada@example.test")
      // The visitor types the code in the panel: the login is listening by then.
      yield* Effect.sleep("20 millis")
      frame.event({ type: "PANEL_DONE", panelId: codePanelId, outcome: "completed" })
      yield* Effect.sleep("50 millis")
      assert.deepStrictEqual(yield* step, { _tag: "Panel", kind: "setup", panelId, url: `http://wallet.test/embedded/panel?panelId=${panelId}` })
      assert.strictEqual(yield* view, "EmbeddedWalletPanel")
      frame.event({ type: "PANEL_DONE", panelId, outcome: "closed" })
      yield* Effect.sleep("50 millis")
      assert.strictEqual((yield* Effect.flatMap(EmbeddedLogin, (service) => SubscriptionRef.get(service.form))).problem?._tag, "LoginPanelClosedError")
      assert.deepStrictEqual(yield* sessionAccounts, [])
    }).pipe(withLogin(frame))
  })

  it.live("connects once the new visitor's setup panel completes", () => {
    const setup = { done: false }
    const frame = scriptedFrame(usual({ setup }))
    return Effect.gen(function*() {
      const login = yield* EmbeddedLogin
      yield* login.connectEmail("ada@example.test")
      // The visitor types the code in the panel: the login is listening by then.
      yield* Effect.sleep("20 millis")
      frame.event({ type: "PANEL_DONE", panelId: codePanelId, outcome: "completed" })
      yield* Effect.sleep("50 millis")
      assert.strictEqual((yield* step)._tag, "Panel")
      setup.done = true
      frame.event({ type: "PANEL_DONE", panelId, outcome: "completed" })
      yield* Effect.sleep("50 millis")
      assert.strictEqual((yield* sessionAccounts).length, 2)
    }).pipe(withLogin(frame))
  })

  it.live("shows ApproveTransaction for a request that needs the visitor, and closes it once answered", () => {
    const frame = scriptedFrame(usual())
    return Effect.gen(function*() {
      const login = yield* EmbeddedLogin
      yield* login.connectEmail("ada@example.test")
      // The visitor types the code in the panel: the login is listening by then.
      yield* Effect.sleep("20 millis")
      frame.event({ type: "PANEL_DONE", panelId: codePanelId, outcome: "completed" })
      yield* Effect.sleep("50 millis")
      const modal = yield* Modal.Modal
      yield* modal.close({ connected: true, embedded: false } as never, { forced: true })
      frame.event({ type: "APPROVAL_REQUIRED", requestId: "c".repeat(32), panelId })
      yield* Effect.sleep("20 millis")
      assert.strictEqual(yield* view, "ApproveTransaction")
      assert.isTrue((yield* SubscriptionRef.get(modal.state)).open)
      frame.event({ type: "PANEL_DONE", panelId, outcome: "approved" })
      yield* Effect.sleep("20 millis")
      assert.isFalse((yield* SubscriptionRef.get(modal.state)).open)
      assert.deepStrictEqual(yield* step, { _tag: "Idle" })
    }).pipe(withLogin(frame))
  })
})

/** The usual frame, with the provider's answer (COMPLETE_SOCIAL) given by the test. */
const social = (complete: Answer) => (request: Protocol.Request): Answer =>
  request.type === "CONNECT_SOCIAL"
    ? { ok: { authorizationUrl: "http://idp.test/authorize" } }
    : request.type === "COMPLETE_SOCIAL" ? complete : usual()(request)
const problem = Effect.map(Effect.flatMap(EmbeddedLogin, (login) => SubscriptionRef.get(login.form)), (state) => state.problem)

describe("EmbeddedLogin's social popup", () => {
  /** Starts a popup login (the frame's ready wait passes on the test clock). */
  const started = Effect.gen(function*() {
    const login = yield* EmbeddedLogin
    const starting = yield* Effect.forkChild(login.connectSocial("google", "popup", "http://host.test/"))
    yield* TestClock.adjust("1 second")
    yield* Fiber.join(starting)
    return login
  })

  it.effect("a popup closed without the provider's answer ends the attempt once the answer had time to come", () => {
    const frame = scriptedFrame(social({ later: new Promise(() => undefined) }))
    return Effect.gen(function*() {
      const login = yield* started
      const closing = yield* Effect.forkChild(login.socialWindowClosed)
      yield* TestClock.adjust(Constants.socialWindowGraceMillis - 1)
      assert.isUndefined(yield* problem)
      yield* TestClock.adjust(1)
      yield* Fiber.join(closing)
      assert.strictEqual((yield* problem)?._tag, "SocialWindowClosedError")
      assert.deepStrictEqual(yield* sessionAccounts, [])
    }).pipe(withLogin(frame))
  })

  it.effect("a popup that closed itself after signing in lets the answer through, and the wallet connects", () => {
    const answer = Deferred.makeUnsafe<Answer>()
    const frame = scriptedFrame(social({ later: Effect.runPromise(Deferred.await(answer)) }))
    return Effect.gen(function*() {
      const login = yield* started
      const closing = yield* Effect.forkChild(login.socialWindowClosed)
      yield* TestClock.adjust(100)
      yield* Deferred.succeed(answer, { ok: { userName: "Ada" } })
      yield* TestClock.adjust(Constants.socialWindowGraceMillis)
      yield* Fiber.join(closing)
      assert.isUndefined(yield* problem)
      assert.strictEqual((yield* sessionAccounts).length, 2)
    }).pipe(withLogin(frame))
  })

  it.effect("a sign-in the provider refused (its Cancel) keeps its own failure when the popup closes", () => {
    const frame = scriptedFrame(social({ error: "The user cancelled the sign-in", reason: "SocialSignInFailed" }))
    return Effect.gen(function*() {
      const login = yield* started
      yield* TestClock.adjust(100)
      assert.strictEqual((yield* problem)?.reason, "SocialSignInFailed")
      const closing = yield* Effect.forkChild(login.socialWindowClosed)
      yield* TestClock.adjust(Constants.socialWindowGraceMillis)
      yield* Fiber.join(closing)
      assert.strictEqual((yield* problem)?.reason, "SocialSignInFailed")
    }).pipe(withLogin(frame))
  })
})
