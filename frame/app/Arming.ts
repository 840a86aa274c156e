/**
 * When a decisive button of a panel (Approve, Show my keys, Copy) may act (docs/embedded-wallet.md
 * "Clickjacking"). The host page sizes, moves and overlays the panel's iframe, so a click inside it proves
 * nothing by itself: the panel acts only when
 * - the browser has said the panel is visible and unobscured (IntersectionObserver v2) for a steady while,
 * - and the activation itself is steady: a pointer that has been inside the panel that long (a panel slid
 *   under a waiting pointer just before the click gets nothing), or keyboard focus held that long.
 * Losing any of them (hidden, covered, blurred, the pointer leaving) starts the wait again.
 *
 * Pure: the DOM wiring is VisibilityGuard.ts; times are the page's clock in milliseconds.
 */

/** About a second, as the issue asks: long enough that a disguised click lands before it ends. */
export const steadyMillis = 1_000

/** Since when each condition holds, or undefined while it does not. */
export interface Signals {
  readonly visibleSince: number | undefined
  readonly pointerInsideSince: number | undefined
  readonly focusedSince: number | undefined
}

export const initial: Signals = { visibleSince: undefined, pointerInsideSince: undefined, focusedSince: undefined }

export type Signal = keyof Signals

/** `signal` now holds (`on`) or not: a condition that starts again counts from `now`. */
export const update = (signals: Signals, signal: Signal, on: boolean, now: number): Signals => {
  if (!on) return signals[signal] === undefined ? signals : { ...signals, [signal]: undefined }
  return signals[signal] === undefined ? { ...signals, [signal]: now } : signals
}

const heldFor = (since: number | undefined, now: number): boolean => since !== undefined && now - since >= steadyMillis

/** Whether the panel has been visible long enough for its buttons to look ready. */
export const armed = (signals: Signals, now: number): boolean => heldFor(signals.visibleSince, now)

/** Whether an activation of `kind` may act now. */
export const accepts = (signals: Signals, kind: "pointer" | "keyboard", now: number): boolean =>
  armed(signals, now) && heldFor(kind === "pointer" ? signals.pointerInsideSince : signals.focusedSince, now)

/** When the panel will be armed if nothing changes, or undefined when it is not visible. */
export const armsAt = (signals: Signals): number | undefined => (signals.visibleSince === undefined ? undefined : signals.visibleSince + steadyMillis)
