/**
 * The code panel (docs/embedded-wallet.md "Codes"): the 6-digit code mailed to the visitor is typed here,
 * on the wallet's origin, and confirmed with the server from here — a login's code keeps the session the
 * server grants in this origin's vault; an email update's two codes (to the current address, then to the
 * new one) change the address. The host's page shows only that a code went out: it never sees the code.
 * A wrong code says how many tries are left; an expired or spent attempt says to ask for a new code (the
 * modal's Resend opens a new panel).
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { button, el, show } from "./Dom.ts"
import type { PanelContent } from "./PanelChannel.ts"
import type { PanelRuntime } from "./PanelServices.ts"
import type { PanelStrings } from "./PanelStrings.ts"
import { ServerApi } from "./ServerApi.ts"
import { Session } from "./Session.ts"

type CodeContent = Extract<PanelContent, { readonly kind: "otp" | "updateEmail" }>

const codeLength = 6

const login = (attemptId: string, otp: string) =>
  Effect.gen(function*() {
    const api = yield* ServerApi
    const session = yield* Session
    yield* session.start(yield* api.embedded.emailOtp({ query: {}, payload: { attemptId, otp } }))
  })

const updatePrimary = (attemptId: string, otp: string) =>
  Effect.gen(function*() {
    const api = yield* ServerApi
    const session = yield* Session
    yield* session.authorized((authorization) => api.embedded.emailUpdatePrimary({ query: {}, headers: { authorization }, payload: { attemptId, otp } }))
  })

const updateSecondary = (attemptId: string, otp: string) =>
  Effect.gen(function*() {
    const api = yield* ServerApi
    const session = yield* Session
    yield* session.authorized((authorization) => api.embedded.emailUpdateSecondary({ query: {}, headers: { authorization }, payload: { attemptId, otp } }))
  })

/** The visitor's words for a refused code. */
const explain = (all: PanelStrings, cause: Cause.Cause<unknown>): string => {
  const error = Option.getOrUndefined(Cause.findErrorOption(cause))
  const tagged = typeof error === "object" && error !== null && "_tag" in error ? (error as { readonly _tag: string; readonly reason?: string; readonly triesLeft?: number }) : undefined
  switch (tagged?._tag) {
    case "OtpRefused":
      return tagged.reason === "wrong" ? all.otp.wrong(tagged.triesLeft ?? 0) : tagged.reason === "expired" ? all.otp.expired : all.otp.locked
    case "NotFound":
      return all.otp.expired
    case "EmailInUse":
      return all.otp.emailInUse
    case "SessionEndedError":
      return all.sessionExpired
    default:
      return all.failed
  }
}

export const render = (root: HTMLElement, all: PanelStrings, content: CodeContent, runtime: PanelRuntime, finish: (outcome: "completed") => void): void => {
  const strings = all.otp

  /** One code step: its explanation, the field, and what confirming does. */
  const step = (intro: string, confirm: (otp: string) => Effect.Effect<void, unknown, Effect.Services<ReturnType<typeof login>>>, next: () => void) => {
    const problem = el("p", { role: "alert", class: "error", id: "otp-problem" })
    const input = el("input", {
      type: "text",
      id: "otp",
      inputmode: "numeric",
      autocomplete: "one-time-code",
      maxlength: String(codeLength * 2),
      class: "otp",
      "aria-describedby": "otp-problem"
    })
    const submit: HTMLButtonElement = button(strings.submit, () => send(), "primary")
    submit.type = "submit"
    submit.disabled = true
    const digits = () => input.value.replace(/\D/g, "").slice(0, codeLength)
    const send = () => {
      const otp = digits()
      if (otp.length !== codeLength || input.disabled) return
      input.disabled = true
      submit.disabled = true
      problem.textContent = ""
      void runtime.runPromiseExit(confirm(otp)).then((exit) => {
        if (Exit.isSuccess(exit)) return next()
        problem.textContent = explain(all, exit.cause)
        input.disabled = false
        input.value = ""
        input.focus()
      })
    }
    input.addEventListener("input", () => {
      submit.disabled = digits().length !== codeLength
      // Pasted or autofilled in full: confirmed at once, as the modal's field did.
      if (digits().length === codeLength) send()
    })
    const form = el("form", {}, el("label", { for: "otp" }, strings.label, input), submit)
    form.addEventListener("submit", (event) => {
      event.preventDefault()
      send()
    })
    show(root, strings.title, el("p", {}, intro), form, problem)
    input.focus()
  }

  const done = () => {
    show(root, strings.title, el("p", { class: "success", role: "status" }, strings.done))
    finish("completed")
  }

  if (content.kind === "otp") return step(strings.sentTo(content.email), (otp) => login(content.attemptId, otp), done)
  step(strings.sentToCurrent, (otp) => updatePrimary(content.attemptId, otp), () =>
    step(strings.sentToNew(content.newEmail), (otp) => updateSecondary(content.attemptId, otp), done))
}
