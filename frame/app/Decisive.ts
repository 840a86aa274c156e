/**
 * A panel's decisive buttons under the visibility guard, and where the decision goes when the panel
 * cannot prove it is shown: a status line says to hold on after an unsteady click, and an unproven panel
 * offers the wallet's own window instead (a panel already in that window has nowhere further to go).
 */
import { button, el } from "./Dom.ts"
import type { PanelStrings } from "./PanelStrings.ts"
import * as VisibilityGuard from "./VisibilityGuard.ts"

export interface Decisive {
  /** `label`'s button, which runs `action` on a steady activation only. */
  readonly button: (label: string, action: () => void, kind?: "primary" | "secondary") => HTMLButtonElement
  /** Where the guard speaks: the hold-on line and, when unproven, the offer of the window. */
  readonly notice: HTMLElement
  readonly stop: () => void
}

export const make = (all: PanelStrings, openWindow: (() => void) | undefined): Decisive => {
  const strings = all.guard
  const status = el("p", { role: "status", class: "muted" })
  const offer = el("div", {})
  const notice = el("div", {}, status, offer)
  const offerWindow = () => {
    if (openWindow === undefined || offer.childElementCount > 0) return
    offer.append(el("p", { class: "warning", role: "note" }, strings.hidden), button(strings.openWindow, openWindow, "primary"))
  }
  const guard = VisibilityGuard.start({
    target: document.body,
    onUnsteady: (touch) => {
      status.textContent = strings.steady
      if (touch) offerWindow()
    },
    onUnproven: offerWindow
  })
  return {
    button: (label, action, kind = "secondary") => {
      const control = el("button", { type: "button", ...(kind === "primary" ? { class: "primary" } : {}) }, label)
      guard.protect(control, action)
      return control
    },
    notice,
    stop: guard.stop
  }
}
