/**
 * Signing the visitor in, for the modal's login app events (spec §4 "Email login", "Email update";
 * docs/embedded-wallet.md "The server API"): email with a code (and, for a known visitor on a new
 * device, the approval link first), social login through our server, and the email address update. The
 * attempt in progress lives here; the session the server grants goes to the vault (Session).
 *
 * Codes are never taken from the host: each one is typed in the frame's own code panel (OtpPanel.ts),
 * which confirms it with the server itself, so a host page that runs a login never sees the code.
 *
 * A social login in redirect mode leaves the page: its attempt (id and poll secret) waits in this
 * frame's session storage (this tab, this origin, partitioned by the host's site) until the page comes
 * back and the modal asks to complete it with the completion code the page came back with. In popup mode
 * the code comes from the popup itself (SocialCompletions.ts).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import type { Payload, Success } from "../../core/embedded/FrameProtocol.ts"
import { fixed } from "../../core/FixedMessage.ts"
import { Id } from "../../http/api/EmbeddedApi.ts"
import { PollSecret } from "../../http/api/SocialApi.ts"
import { DeviceVault } from "../custody/DeviceVault.ts"
import { FrameSettings } from "./FrameSettings.ts"
import type { PanelContent } from "./PanelChannel.ts"
import { Panels, type OpenPanel } from "./Panels.ts"
import { ServerApi } from "./ServerApi.ts"
import { Session } from "./Session.ts"
import { SocialCompletions } from "./SocialCompletions.ts"

const SocialAttempt = Schema.Struct({ attemptId: Id, pollSecret: PollSecret })
type SocialAttempt = typeof SocialAttempt.Type
const SocialAttemptJson = Schema.fromJsonString(SocialAttempt)
const socialKey = "portico-embedded-social-attempt"
const attemptGone: ReadonlySet<string> = new Set(["SocialSignInFailed", "NotFound", "PollSecretRefused"])

/** The social attempt kept for the page's return; none when storage is refused or holds something else. */
const storedSocial = Effect.sync(() => sessionStorage.getItem(socialKey)).pipe(
  Effect.flatMap((text) => (text === null ? Effect.succeed(Option.none<SocialAttempt>()) : Effect.option(Schema.decodeUnknownEffect(SocialAttemptJson)(text))))
)

/** The attempt in progress, or why there is none. */
const current = <A>(ref: Ref.Ref<Option.Option<A>>) => Effect.flatMap(Ref.get(ref), (value) => Effect.fromOption(value, () => new NoLoginAttemptError()))

const make = Effect.gen(function*() {
  const api = yield* ServerApi
  const session = yield* Session
  const vault = yield* DeviceVault
  const settings = yield* FrameSettings
  const panels = yield* Panels
  const emailAttempt = yield* Ref.make(Option.none<{ readonly email: string; readonly attemptId: string }>())
  const completions = yield* SocialCompletions
  const socialAttempt = yield* Ref.make(Option.none<SocialAttempt>())
  /** The code panel shown last: a newer code (resent, or another login) replaces it. */
  const codePanel = yield* Ref.make(Option.none<OpenPanel>())

  /** Shows the code panel for `content`, ending the one shown before. */
  const codeIn = (content: PanelContent) =>
    Effect.gen(function*() {
      const opened = yield* panels.present(content, Effect.void)
      const before = yield* Ref.getAndSet(codePanel, Option.some(opened))
      if (Option.isSome(before)) yield* before.value.end
      return opened.panelId
    })

  const connectEmail = (payload: Payload<"CONNECT_EMAIL">) =>
    Effect.gen(function*() {
      const deviceId = yield* vault.deviceId
      const kept = yield* session.current
      // The server mails in every locale the modal speaks: the visitor's own.
      const locale = yield* settings.locale
      const answer = yield* api.embedded.emailConnect({
        query: {},
        payload: { email: payload.email, deviceId, locale, ...(Option.isSome(kept) ? { refreshToken: kept.value.refreshToken } : {}) }
      })
      if (answer.action === "CONNECT") {
        yield* Ref.set(emailAttempt, Option.none())
        return { action: "CONNECT" } satisfies Success<"CONNECT_EMAIL">
      }
      yield* Ref.set(emailAttempt, Option.some({ email: payload.email, attemptId: answer.attemptId }))
      if (answer.action === "VERIFY_DEVICE") return { action: "VERIFY_DEVICE" } satisfies Success<"CONNECT_EMAIL">
      const panelId = yield* codeIn({ kind: "otp", email: payload.email, attemptId: answer.attemptId })
      return { action: "VERIFY_OTP", panelId } satisfies Success<"CONNECT_EMAIL">
    })

  /** Asks until the visitor followed the approval link (each ask waits up to 25 s on the server); then the code panel. */
  const connectDevice = Effect.gen(function*() {
    const attempt = yield* current(emailAttempt)
    while (true) {
      const answer = yield* api.embedded.emailDevice({ query: {}, payload: { attemptId: attempt.attemptId } })
      if (answer.action === "VERIFY_OTP") return { panelId: yield* codeIn({ kind: "otp", ...attempt }) } satisfies Success<"CONNECT_DEVICE">
      // A newer login replaced this one meanwhile: stop asking for the old one.
      if (Option.getOrUndefined(yield* Ref.get(emailAttempt))?.attemptId !== attempt.attemptId) return yield* new NoLoginAttemptError()
    }
  })

  const connectSocial = (payload: Payload<"CONNECT_SOCIAL">) =>
    Effect.gen(function*() {
      const deviceId = yield* vault.deviceId
      const started = yield* api.social.start({ query: {}, payload: { ...payload, deviceId } })
      const attempt = { attemptId: started.attemptId, pollSecret: started.pollSecret }
      yield* Ref.set(socialAttempt, Option.some(attempt))
      if (payload.mode === "redirect") {
        yield* Effect.sync(() => sessionStorage.setItem(socialKey, Schema.encodeSync(SocialAttemptJson)(attempt)))
      }
      return { authorizationUrl: started.authorizationUrl }
    })

  /**
   * Waits for the provider's answer to the attempt started here, or to the one the page left for, then
   * completes it with the completion code the page came back with (redirect) or the popup posted.
   */
  const completeSocial = (payload: Payload<"COMPLETE_SOCIAL">) =>
    Effect.gen(function*() {
      const attempt = yield* Ref.get(socialAttempt)
      const pending = Option.isSome(attempt) ? attempt : yield* storedSocial
      if (Option.isNone(pending)) return yield* new NoLoginAttemptError()
      const done = Effect.sync(() => sessionStorage.removeItem(socialKey)).pipe(Effect.andThen(Ref.set(socialAttempt, Option.none())))
      let completionCode = payload.completionCode
      while (true) {
        const answer = yield* api.social.complete({
          query: {},
          payload: { ...pending.value, ...(completionCode === undefined ? {} : { completionCode }) }
        }).pipe(
          // The server let the attempt go (declined, failed, unknown): it cannot be completed again.
          Effect.tapError((error) => (attemptGone.has(error._tag) ? done : Effect.void))
        )
        if (answer.status === "signedIn") {
          yield* session.start(answer.grant)
          yield* done
          return answer.userName === undefined ? {} : { userName: answer.userName }
        }
        if (answer.status === "verified") completionCode = yield* Effect.tapError(completions.await(pending.value.attemptId), () => done)
      }
    })

  /** Both codes of the update are typed in the frame's panel, which confirms them with the server. */
  const updateEmail = (payload: Payload<"UPDATE_EMAIL">) =>
    Effect.gen(function*() {
      const locale = yield* settings.locale
      const started = yield* session.authorized((authorization) =>
        api.embedded.emailUpdate({ query: {}, headers: { authorization }, payload: { email: payload.email, locale } })
      )
      const panelId = yield* codeIn({ kind: "updateEmail", newEmail: payload.email, attemptId: started.attemptId })
      return { action: started.action, panelId } satisfies Success<"UPDATE_EMAIL">
    })

  return { connectEmail, connectDevice, connectSocial, completeSocial, updateEmail }
})

export class Login extends Context.Service<Login, Effect.Success<typeof make>>()("portico/frame/app/Login") {
  static readonly layer = Layer.effect(Login, make)
}

/** A code or a completion came with no login in progress (or after a newer one replaced it). */
export class NoLoginAttemptError extends Schema.TaggedError<NoLoginAttemptError>()("NoLoginAttemptError", {
  message: fixed("No login is in progress: start again")
}) {}
