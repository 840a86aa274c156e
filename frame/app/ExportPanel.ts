/**
 * The export panel (docs/embedded-wallet.md "Keys"): after a warning and the visitor's confirmation, the
 * recovery phrase and both private keys, each with a copy button. They are shown only here, on the
 * frame's origin, or in the wallet's own window (PanelWindow.ts) when the panel cannot prove it is shown;
 * nothing of them is ever posted to the frame or the modal. The panel opens the wallet in its own memory
 * for it and locks it again when the visitor is done or the panel goes. Show and Copy are decisive
 * buttons (Decisive.ts): a disguised click neither reveals nor copies.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { Custody } from "../custody/Custody.ts"
import * as Decisive from "./Decisive.ts"
import { button, el, show } from "./Dom.ts"
import type { PanelRuntime } from "./PanelServices.ts"
import type { Keys } from "./PanelWindow.ts"
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

/** What asking for the keys gave: them, or the visitor's words for why not. */
export type Revealed = { readonly _tag: "Keys"; readonly keys: Keys } | { readonly _tag: "Problem"; readonly reason: "sessionExpired" | "failed" }

/** Opens the wallet in this document's memory and exports its keys. */
export const reveal = (runtime: PanelRuntime): Promise<Revealed> =>
  runtime.runPromiseExit(keys).then((exit) => {
    if (Exit.isSuccess(exit)) return { _tag: "Keys", keys: exit.value }
    const error = Option.getOrUndefined(Cause.findErrorOption(exit.cause))
    const expired = typeof error === "object" && error !== null && "_tag" in error && error._tag === "SessionEndedError"
    return { _tag: "Problem", reason: expired ? "sessionExpired" : "failed" }
  })

export const render = (
  root: HTMLElement,
  all: PanelStrings,
  revealKeys: () => Promise<Revealed>,
  finish: (outcome: "completed" | "closed") => void,
  openWindow: (() => void) | undefined
): void => {
  const strings = all.export
  const problem = el("p", { role: "alert", class: "error" })
  const decisive = Decisive.make(all, openWindow)

  /** `value` shown (as `shown`, or as text) with its label and a copy button that says whether it copied. */
  const copyable = (label: string, value: string, shown: Node = el("p", { class: "code" }, value)) => {
    const status = el("span", { role: "status", class: "muted" })
    // Copying is guarded too: a disguised click must not put the phrase on the clipboard.
    const copy = decisive.button(strings.copy, () => {
      navigator.clipboard.writeText(value).then(
        () => void (status.textContent = strings.copied),
        () => void (status.textContent = strings.copyFailed)
      )
    })
    return el("div", {}, el("p", { class: "muted" }, label), shown, el("div", { class: "actions" }, copy), status)
  }

  const revealButton: HTMLButtonElement = decisive.button(strings.show, () => {
    revealButton.disabled = true
    void revealKeys().then((revealed) => {
      if (revealed._tag === "Problem") {
        problem.textContent = revealed.reason === "sessionExpired" ? all.sessionExpired : all.failed
        revealButton.disabled = false
        return
      }
      const exported = revealed.keys
      show(
        root,
        strings.title,
        el("p", { class: "warning", role: "note" }, strings.warning),
        copyable(strings.phrase, exported.phrase, el("ol", { class: "words" }, ...exported.phrase.split(" ").map((word) => el("li", {}, word)))),
        copyable(`${strings.evmKey} (${exported.evm.address})`, exported.evm.privateKey),
        copyable(`${strings.solanaKey} (${exported.solana.address})`, exported.solana.privateKey),
        decisive.notice,
        button(strings.done, () => {
          decisive.stop()
          finish("completed")
        }, "primary")
      )
    })
  }, "primary")

  show(
    root,
    strings.title,
    el("p", { class: "warning", role: "note" }, strings.warning),
    el("div", { class: "actions" }, button(strings.cancel, () => finish("closed")), revealButton),
    decisive.notice,
    problem
  )
}
