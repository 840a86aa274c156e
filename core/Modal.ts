/**
 * The modal router (spec §2 and §4 "Modal"): the view stack, going back, the close rules, toasts, the
 * shake and the Farcaster back rule. The views and where the modal opens are `ModalRoute`'s.
 *
 * The transitions are pure functions over `ModalState` so every rule is testable without a clock;
 * the `Modal` service holds the state in a `SubscriptionRef` and owns the three timers.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Constants from "./Constants.ts"
import * as ModalRoute from "./ModalRoute.ts"
import type * as Notification from "./Notification.ts"

/** Every modal view of spec §2. */
export const View = Schema.Literals(ModalRoute.views)
export type View = ModalRoute.View
export type Route = ModalRoute.Route
export type RouteData = ModalRoute.RouteData

/** What a toast shows: a message in one of the notification variants of spec §3. */
export interface Toast {
  readonly message: string
  readonly variant: Notification.NotificationVariant
  /** Hides by itself after `toastAutoCloseMillis`; default on, except for a "loading" toast. */
  readonly autoClose?: boolean
  /** The tag of the error it reports, so the view can say it in the visitor's language. */
  readonly errorTag?: string
  /** A link to follow (a sent transaction on the explorer); opened in a new tab, never with the opener. */
  readonly link?: { readonly href: string; readonly label: string }
}

export const autoCloses = (toast: Toast): boolean => toast.autoClose ?? toast.variant !== "loading"

export interface ModalState {
  readonly open: boolean
  /** The view stack, last entry on screen. Never empty while open. */
  readonly history: ReadonlyArray<Route>
  readonly shaking: boolean
  /** The toast on screen, if any. */
  readonly toast: Toast | undefined
  readonly farcasterUrl: string | undefined
  /** Bumped each time the auth connector must reload (Farcaster back rule). */
  readonly authReloads: number
}

export const initialState: ModalState = {
  open: false,
  history: [],
  shaking: false,
  toast: undefined,
  farcasterUrl: undefined,
  authReloads: 0
}

/** What the router must know about the world to pick a view or decide a close. */
export interface RouterContext {
  /** An address is connected in the active namespace. */
  readonly connected: boolean
  /** Embedded mode: the modal is part of the page and never really closes. */
  readonly embedded: boolean
  /** Sign-in is required and the connected account has no session yet. */
  readonly signInPending?: boolean
}

/** The four conditions of spec §2 under which UnsupportedChain opens. All must hold. */
export interface UnsupportedChainContext {
  readonly activeNetworkId: string | undefined
  readonly requestedNetworkIds: ReadonlyArray<string>
  readonly networkSwitchingEnabled: boolean
  readonly allowUnsupportedChain: boolean
  readonly basicMode: boolean
}

export const isUnsupportedChain = (context: UnsupportedChainContext): boolean =>
  context.activeNetworkId !== undefined &&
  !context.requestedNetworkIds.includes(context.activeNetworkId) &&
  context.networkSwitchingEnabled &&
  !context.allowUnsupportedChain &&
  !context.basicMode

/** The views a host may open the modal at (the others are steps of a flow, reached from inside). */
export const HostView = Schema.Literals(ModalRoute.hostViews)

export const currentView = (state: ModalState): View | undefined => state.history.at(-1)?.view

export const open = (state: ModalState, route: Route): ModalState => ({ ...state, open: true, history: [route] })

export const push = (state: ModalState, route: Route): ModalState => ({ ...state, history: [...state.history, route] })

/** Replaces the view on screen (no new history entry). */
export const replace = (state: ModalState, route: Route): ModalState => ({
  ...state,
  history: [...state.history.slice(0, -1), route]
})

/**
 * Brings up UnsupportedChain. Reached from another view (the modal is open), it comes on top of it, so the
 * header offers Back (which closes, spec §2); a connecting view it ends is replaced, its attempt being over.
 * With the modal closed the rule opens it directly, on that view alone: no Back.
 */
export const toUnsupportedChain = (state: ModalState, endedViews: ReadonlyArray<View>): ModalState => {
  const view = currentView(state)
  const route: Route = { view: "UnsupportedChain" }
  if (!state.open || view === undefined) return open(state, route)
  if (view === "UnsupportedChain") return state
  return endedViews.includes(view) ? replace(state, route) : push(state, route)
}

/** Drops every entry above the last one showing `view`, or resets to it when absent. */
export const goBackTo = (state: ModalState, view: View): ModalState => {
  const index = state.history.findLastIndex((route) => route.view === view)
  return { ...state, history: index === -1 ? [{ view }] : state.history.slice(0, index + 1) }
}

/**
 * Closing: blocked on ApproveTransaction unless forced, and on the sign and approve views while
 * sign-in is required and no session exists; in embedded mode the modal stays and shows Account
 * (connected) or Connect. Returns the state unchanged when blocked.
 */
export const close = (state: ModalState, context: RouterContext, options?: { readonly forced?: boolean }): ModalState => {
  const view = currentView(state)
  if (options?.forced !== true && view !== undefined) {
    if (view === "ApproveTransaction" || (context.signInPending === true && ModalRoute.signingViews.includes(view))) return state
  }
  if (context.embedded) return { ...state, history: [{ view: context.connected ? "Account" : "Connect" }] }
  return { ...state, open: false, history: [], toast: undefined }
}

export type BackOutcome =
  | { readonly _tag: "Popped"; readonly state: ModalState }
  | { readonly _tag: "Closed"; readonly state: ModalState }
  /** Back from ConnectingFarcaster without an address: the auth connector must reload. */
  | { readonly _tag: "FarcasterReset"; readonly state: ModalState }

/** Going back from UnsupportedChain, or from a single-entry history, closes the modal. */
export const back = (state: ModalState, context: RouterContext): BackOutcome => {
  const view = currentView(state)
  if (view === "UnsupportedChain" || state.history.length <= 1) {
    return { _tag: "Closed", state: close(state, context) }
  }
  const popped = { ...state, history: state.history.slice(0, -1) }
  if (view === "ConnectingFarcaster" && !context.connected) {
    return { _tag: "FarcasterReset", state: { ...popped, farcasterUrl: undefined } }
  }
  return { _tag: "Popped", state: popped }
}

/** The modal router as a service: state plus the timers of spec §4. */
export class Modal extends Context.Service<Modal, {
  readonly state: SubscriptionRef.SubscriptionRef<ModalState>
  readonly open: (route: Route) => Effect.Effect<void>
  readonly push: (route: Route) => Effect.Effect<void>
  readonly replace: (route: Route) => Effect.Effect<void>
  /** UnsupportedChain over the view on screen (replacing one of `endedViews`), or alone when closed. */
  readonly toUnsupportedChain: (endedViews: ReadonlyArray<View>) => Effect.Effect<void>
  readonly goBackTo: (view: View) => Effect.Effect<void>
  readonly back: (context: RouterContext) => Effect.Effect<void>
  readonly close: (context: RouterContext, options?: { readonly forced?: boolean }) => Effect.Effect<void>
  /** Shakes the modal for 500 ms (a refused action). */
  readonly shake: Effect.Effect<void>
  /** Shows a toast; an open one hides first and the new one shows 150 ms later. */
  readonly showToast: (toast: Toast) => Effect.Effect<void>
  readonly hideToast: Effect.Effect<void>
  readonly setFarcasterUrl: (url: string | undefined) => Effect.Effect<void>
}>()("portico/core/Modal") {
  static readonly layer = Layer.effect(
    Modal,
    Effect.gen(function*() {
      const scope = yield* Effect.scope
      const state = yield* SubscriptionRef.make(initialState)
      const update = (f: (s: ModalState) => ModalState) => SubscriptionRef.update(state, f)
      // One pending timer per concern: a new toast or shake replaces the one in flight.
      const toastTimer = yield* Ref.make<Fiber.Fiber<void> | undefined>(undefined)
      const shakeTimer = yield* Ref.make<Fiber.Fiber<void> | undefined>(undefined)
      const restart = (timer: Ref.Ref<Fiber.Fiber<void> | undefined>, effect: Effect.Effect<void>) =>
        Effect.gen(function*() {
          const previous = yield* Ref.get(timer)
          if (previous !== undefined) yield* Fiber.interrupt(previous)
          const fiber = yield* Effect.forkIn(effect, scope)
          yield* Ref.set(timer, fiber)
        })

      /** Hides the toast after its time, unless it stays until replaced (or was replaced already). */
      const expire = (toast: Toast) =>
        autoCloses(toast)
          ? Effect.sleep(Constants.toastAutoCloseMillis).pipe(Effect.andThen(update((s) => s.toast === toast ? { ...s, toast: undefined } : s)))
          : Effect.void

      const showToast = (toast: Toast) =>
        Effect.gen(function*() {
          const current = yield* SubscriptionRef.get(state)
          if (current.toast === undefined) {
            yield* update((s) => ({ ...s, toast }))
            return yield* restart(toastTimer, expire(toast))
          }
          yield* update((s) => ({ ...s, toast: undefined }))
          yield* restart(
            toastTimer,
            Effect.sleep(Constants.toastSwapDelayMillis).pipe(Effect.andThen(update((s) => ({ ...s, toast }))), Effect.andThen(expire(toast)))
          )
        })

      const hideToast = restart(toastTimer, Effect.void).pipe(Effect.andThen(update((s) => ({ ...s, toast: undefined }))))

      return Modal.of({
        state,
        open: (route) => update((s) => open(s, route)),
        push: (route) => update((s) => push(s, route)),
        replace: (route) => update((s) => replace(s, route)),
        toUnsupportedChain: (endedViews) => update((s) => toUnsupportedChain(s, endedViews)),
        goBackTo: (view) => update((s) => goBackTo(s, view)),
        back: (context) =>
          Effect.gen(function*() {
            const outcome = back(yield* SubscriptionRef.get(state), context)
            yield* SubscriptionRef.set(state, outcome.state)
            if (outcome._tag === "FarcasterReset") {
              yield* Effect.forkIn(
                Effect.sleep(Constants.farcasterBackDelayMillis).pipe(
                  Effect.andThen(update((s) => ({ ...s, authReloads: s.authReloads + 1 })))
                ),
                scope
              )
            }
          }),
        close: (context, options) =>
          Effect.gen(function*() {
            yield* update((s) => close(s, context, options))
            // A toast waiting to show (or to hide) must not outlive the modal.
            if (!(yield* SubscriptionRef.get(state)).open) yield* hideToast
          }),
        shake: Effect.gen(function*() {
          yield* update((s) => ({ ...s, shaking: true }))
          yield* restart(
            shakeTimer,
            Effect.sleep(Constants.shakeMillis).pipe(Effect.andThen(update((s) => ({ ...s, shaking: false }))))
          )
        }),
        showToast,
        hideToast,
        setFarcasterUrl: (url) => update((s) => ({ ...s, farcasterUrl: url }))
      })
    })
  )
}
