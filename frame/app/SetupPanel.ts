/**
 * The setup panel (docs/embedded-wallet.md "Custody"): a new visitor's wallet is made here, protected by
 * a passkey when the browser's passkeys can derive a key (WebAuthn PRF), else by a recovery code shown
 * once and confirmed as saved. The custody library makes the seed and its shares (the device share into
 * this origin's vault); the server's two shares are then uploaded with the wallet's addresses.
 *
 * The passkey is created here, in the visible panel, because WebAuthn needs the visitor's click in the
 * document that asks.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Cause from "effect/Cause"
import { Custody, type NewWallet } from "../custody/Custody.ts"
import * as Passkey from "../custody/Passkey.ts"
import * as RecoveryCode from "../custody/RecoveryCode.ts"
import type { RecoveryFactor } from "../custody/RecoveryKey.ts"
import { button, el, show } from "./Dom.ts"
import { signOf } from "./TrustHeader.ts"
import type { PanelRuntime } from "./PanelServices.ts"
import type { PanelStrings } from "./PanelStrings.ts"
import { ServerApi } from "./ServerApi.ts"
import { Session } from "./Session.ts"

const upload = (wallet: NewWallet) =>
  Effect.gen(function*() {
    const session = yield* Session
    const api = yield* ServerApi
    yield* session.authorized((authorization) =>
      api.embedded.putShares({ query: {}, headers: { authorization }, payload: { ...wallet.shareSet, addresses: wallet.addresses } })
    )
  })

/** Makes the wallet under `factor` and stores the server's shares. */
const create = (factor: RecoveryFactor) =>
  Effect.gen(function*() {
    const custody = yield* Custody
    yield* upload(yield* custody.create(factor))
  })

/** Whether this browser's passkeys can give a PRF output: unknown is tried (and falls back on failure). */
const prfMaybeAvailable = (): Promise<boolean> => {
  if (typeof PublicKeyCredential === "undefined") return Promise.resolve(false)
  if (!("getClientCapabilities" in PublicKeyCredential) || typeof PublicKeyCredential.getClientCapabilities !== "function") return Promise.resolve(true)
  return PublicKeyCredential.getClientCapabilities().then((capabilities) => capabilities["extension:prf"] !== false, () => true)
}

export const render = (
  root: HTMLElement,
  all: PanelStrings,
  userName: string,
  runtime: PanelRuntime,
  finish: (outcome: "completed") => void
): void => {
  const strings = all.setup
  const problem = el("p", { role: "alert", class: "error" })

  const failed = (cause: Cause.Cause<unknown>) => {
    const error = Option.getOrUndefined(Cause.findErrorOption(cause))
    const tag = typeof error === "object" && error !== null && "_tag" in error ? error._tag : undefined
    return tag === "SessionEndedError" ? all.sessionExpired : all.failed
  }

  const done = () => {
    show(root, strings.title, el("p", { class: "success", role: "status" }, strings.done), ...signOf(all))
    finish("completed")
  }

  const withCode = (reason?: string) => {
    const code = RecoveryCode.generate()
    const saved = el("input", { type: "checkbox", id: "saved" })
    const submit = button(strings.finish, () => {
      submit.disabled = true
      problem.textContent = ""
      void runtime.runPromiseExit(create({ kind: "code", code })).then((exit) => {
        if (Exit.isSuccess(exit)) {
          code.fill(0)
          return done()
        }
        problem.textContent = failed(exit.cause)
        submit.disabled = false
      })
    }, "primary")
    submit.disabled = true
    saved.addEventListener("change", () => {
      submit.disabled = !saved.checked
    })
    show(
      root,
      strings.title,
      ...(reason === undefined ? [] : [el("p", { class: "warning" }, reason)]),
      el("p", {}, strings.codeIntro),
      el("p", { class: "code", "aria-label": all.recover.codeLabel }, RecoveryCode.format(code)),
      el("label", { class: "check", for: "saved" }, saved, strings.saved),
      submit,
      problem
    )
  }

  const withPasskey = () => {
    const start = button(strings.passkey, () => {
      start.disabled = true
      problem.textContent = ""
      const made = Passkey.create({ rpName: "Portico", userName }).pipe(Effect.flatMap((factor) => create(factor)))
      void runtime.runPromiseExit(made).then((exit) => {
        if (Exit.isSuccess(exit)) return done()
        const error = Option.getOrUndefined(Cause.findErrorOption(exit.cause))
        if (error instanceof Passkey.PasskeyError && error.reason === "unsupported") return withCode(strings.passkeyUnavailable)
        problem.textContent = error instanceof Passkey.PasskeyError ? strings.passkeyCancelled : failed(exit.cause)
        start.disabled = false
      })
    }, "primary")
    show(root, strings.title, el("p", {}, strings.intro), start, button(strings.useCode, () => withCode(), "link"), problem)
  }

  void prfMaybeAvailable().then((available) => (available ? withPasskey() : withCode()))
}
