/**
 * The export panel (docs/embedded-wallet.md "Keys"): after a warning and the visitor's confirmation, the
 * recovery phrase and both private keys, each with a copy button. They are shown only here, on the
 * frame's origin; nothing of them is ever posted to the frame or the modal. The panel opens the wallet in
 * its own memory for it and locks it again when the visitor is done or the panel goes.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { Custody } from "../custody/Custody.ts"
import { button, el, show } from "./Dom.ts"
import type { PanelRuntime } from "./PanelServices.ts"
import type { PanelStrings } from "./PanelStrings.ts"
import { ServerApi } from "./ServerApi.ts"
import { Session } from "./Session.ts"

const keys = Effect.gen(function*() {
  const session = yield* Session
  const api = yield* ServerApi
  const custody = yield* Custody
  const { authShare } = yield* session.authorized((authorization) => api.embedded.authShare({ query: {}, headers: { authorization } }))
  yield* custody.unlock(authShare)
  return yield* custody.exportKeys
})

export const lock = (runtime: PanelRuntime): Promise<void> =>
  runtime.runPromise(Effect.gen(function*() {
    const custody = yield* Custody
    yield* custody.lock
  }))

export const render = (root: HTMLElement, all: PanelStrings, runtime: PanelRuntime, finish: (outcome: "completed" | "closed") => void): void => {
  const strings = all.export
  const problem = el("p", { role: "alert", class: "error" })

  /** `value` shown (as `shown`, or as text) with its label and a copy button that says whether it copied. */
  const copyable = (label: string, value: string, shown: Node = el("p", { class: "code" }, value)) => {
    const status = el("span", { role: "status", class: "muted" })
    const copy = button(strings.copy, () => {
      navigator.clipboard.writeText(value).then(
        () => void (status.textContent = strings.copied),
        () => void (status.textContent = strings.copyFailed)
      )
    })
    return el("div", {}, el("p", { class: "muted" }, label), shown, el("div", { class: "actions" }, copy), status)
  }

  const reveal: HTMLButtonElement = button(strings.show, () => {
    reveal.disabled = true
    void runtime.runPromiseExit(keys).then((exit) => {
      if (Exit.isFailure(exit)) {
        const error = Option.getOrUndefined(Cause.findErrorOption(exit.cause))
        problem.textContent = typeof error === "object" && error !== null && "_tag" in error && error._tag === "SessionEndedError" ? all.sessionExpired : all.failed
        reveal.disabled = false
        return
      }
      const exported = exit.value
      show(
        root,
        strings.title,
        el("p", { class: "warning", role: "note" }, strings.warning),
        copyable(strings.phrase, exported.phrase, el("ol", { class: "words" }, ...exported.phrase.split(" ").map((word) => el("li", {}, word)))),
        copyable(`${strings.evmKey} (${exported.evm.address})`, exported.evm.privateKey),
        copyable(`${strings.solanaKey} (${exported.solana.address})`, exported.solana.privateKey),
        button(strings.done, () => void lock(runtime).then(() => finish("completed")), "primary")
      )
    })
  }, "primary")

  show(
    root,
    strings.title,
    el("p", { class: "warning", role: "note" }, strings.warning),
    el("div", { class: "actions" }, button(strings.cancel, () => finish("closed")), reveal),
    problem
  )
}
