/**
 * The DOM side of Arming.ts: the browser's proof that the panel is shown (IntersectionObserver v2 with
 * `trackVisibility`: false whenever the panel or an ancestor — the host's iframe element included — is
 * transparent, filtered, transformed beyond a move or scale, or covered by anything, `pointer-events:
 * none` overlays included), where the pointer is, and whether the panel has the focus.
 *
 * `protect` makes a button decisive: it looks disabled until the panel is armed, and a click acts only
 * when Arming.accepts it; an early or unsteady click only says to hold on. Where the browser has no
 * IntersectionObserver v2, or the panel is not proven visible for a while, `onUnproven` moves the
 * decision elsewhere (the wallet's own window, PanelWindow.ts).
 */
import * as Arming from "./Arming.ts"

/** IntersectionObserver v2's entry (TypeScript's DOM library has v1 only). */
type VisibleEntry = IntersectionObserverEntry & { readonly isVisible?: boolean }

/** How long a panel may stay unproven before the decision moves to the wallet's window. */
const unprovenMillis = 3_000

/** Whether this browser computes `isVisible` (IntersectionObserver v2). */
export const supported = (): boolean =>
  typeof IntersectionObserver !== "undefined" && typeof IntersectionObserverEntry !== "undefined" && "isVisible" in IntersectionObserverEntry.prototype

export interface Guard {
  /** Runs `action` on a steady activation of `control` only. */
  readonly protect: (control: HTMLButtonElement, action: () => void) => void
  readonly stop: () => void
}

export const start = (options: {
  /** What must be shown: the panel's whole content. */
  readonly target: HTMLElement
  /**
   * Says why a click did nothing. `touch`: a finger or pen, which has no resting pointer to prove steady
   * (a panel slid under a tap is the same trick): such a visitor decides in the wallet's window.
   */
  readonly onUnsteady: (touch: boolean) => void
  /** The panel could not be proven visible: offer the wallet's window. */
  readonly onUnproven: () => void
}): Guard => {
  const { target, onUnsteady, onUnproven } = options
  const page = document.documentElement
  let signals = Arming.initial
  const controls = new Set<HTMLButtonElement>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let unproven: ReturnType<typeof setTimeout> | undefined

  /** Shows the armed state (buttons, and attributes a test can wait for) and schedules the next change. */
  const render = () => {
    const now = performance.now()
    const armed = Arming.armed(signals, now)
    for (const control of controls) control.setAttribute("aria-disabled", String(!armed))
    page.dataset["armed"] = String(armed)
    page.dataset["pointerSteady"] = String(Arming.accepts(signals, "pointer", now))
    page.dataset["focusSteady"] = String(Arming.accepts(signals, "keyboard", now))
    clearTimeout(timer)
    const next = [signals.visibleSince, signals.pointerInsideSince, signals.focusedSince]
      .flatMap((since) => (since === undefined || now - since >= Arming.steadyMillis ? [] : [since + Arming.steadyMillis - now]))
    if (next.length > 0) timer = setTimeout(render, Math.min(...next) + 10)
  }

  const set = (signal: Arming.Signal, on: boolean) => {
    signals = Arming.update(signals, signal, on, performance.now())
    if (signal === "visibleSince") {
      clearTimeout(unproven)
      if (!on) unproven = setTimeout(onUnproven, unprovenMillis)
    }
    render()
  }

  const observer = supported()
    ? new IntersectionObserver((entries) => {
      const entry = entries.at(-1)
      if (entry !== undefined) set("visibleSince", (entry as VisibleEntry).isVisible === true && entry.intersectionRatio >= 0.99)
    }, { threshold: [0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit)
    : undefined
  if (observer === undefined) queueMicrotask(onUnproven)
  else {
    observer.observe(target)
    unproven = setTimeout(onUnproven, unprovenMillis)
  }

  // Any pointer event inside means the pointer is here (a panel slid under it learns so only now);
  // leaving the document, or the window losing focus, starts the wait again.
  const inside = () => set("pointerInsideSince", true)
  const outside = (event: PointerEvent) => {
    if (event.relatedTarget === null) set("pointerInsideSince", false)
  }
  const focused = () => set("focusedSince", document.hasFocus())
  const blurred = () => {
    set("focusedSince", false)
    set("pointerInsideSince", false)
  }
  const hiddenPage = () => {
    if (document.visibilityState !== "visible") set("visibleSince", false)
  }

  /** The last pointerdown: a click without one came from the keyboard. */
  let pressed: { readonly at: number; readonly accepted: boolean; readonly touch: boolean } | undefined
  const press = (event: PointerEvent) => {
    inside()
    pressed = { at: event.timeStamp, accepted: Arming.accepts(signals, "pointer", performance.now()), touch: event.pointerType !== "mouse" }
  }

  const listeners: ReadonlyArray<readonly [EventTarget, string, (event: never) => void]> = [
    [document, "pointerover", inside],
    [document, "pointermove", inside],
    [document, "pointerout", outside],
    [document, "pointerdown", press],
    [document, "visibilitychange", hiddenPage],
    [window, "focus", focused],
    [window, "blur", blurred]
  ]
  // Captured, so a panel's own handlers cannot hide pointer movements from the guard.
  for (const [source, type, listener] of listeners) source.addEventListener(type, listener as EventListener, true)
  if (document.hasFocus()) set("focusedSince", true)

  return {
    protect: (control, action) => {
      controls.add(control)
      control.addEventListener("click", (event) => {
        const now = performance.now()
        const byPointer = pressed !== undefined && now - pressed.at < 5_000
        // The pointer's steadiness counts when it was pressed (a press held while the panel moves does not help).
        const accepted = event.isTrusted && (byPointer ? pressed?.accepted === true && Arming.armed(signals, now) : Arming.accepts(signals, "keyboard", now))
        const touch = byPointer && pressed?.touch === true
        pressed = undefined
        if (accepted) action()
        else onUnsteady(touch)
      })
      render()
    },
    stop: () => {
      observer?.disconnect()
      clearTimeout(timer)
      clearTimeout(unproven)
      for (const [source, type, listener] of listeners) source.removeEventListener(type, listener as EventListener, true)
    }
  }
}
