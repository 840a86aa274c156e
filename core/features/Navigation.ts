/**
 * Moving through the modal: opening on the view the router's rules pick (or the host's), back,
 * close, pushing a view, toasts, and bringing up UnsupportedChain whenever the connected wallet moves
 * to a network the host did not request. Leaving a connecting view abandons its attempt.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as Analytics from "../Analytics.ts"
import { Connectors } from "../connectors/Connectors.ts"
import * as Config from "../Config.ts"
import { HostConfig } from "../HostConfig.ts"
import * as InstalledWallets from "../InstalledWallets.ts"
import * as Modal from "../Modal.ts"
import * as ModalRoute from "../ModalRoute.ts"
import * as Session from "../Session.ts"
import * as SignInState from "../signin/SignInState.ts"
import { isActiveAccountUnsupported, routerContext } from "./ChainSupport.ts"
import { ConnectAttempt, connectingViews } from "./ConnectAttempt.ts"

export interface OpenOptions {
  /** The host's choice of view; otherwise the router's rules pick one. */
  readonly view?: ModalRoute.HostView
  /** A phone (narrow viewport and touch): without adapters the modal opens on AllWallets. */
  readonly mobile?: boolean
}

export class Navigation extends Context.Service<Navigation, {
  readonly open: (options?: OpenOptions) => Effect.Effect<void>
  readonly close: (options?: { readonly forced?: boolean }) => Effect.Effect<void>
  readonly back: Effect.Effect<void>
  readonly push: (route: Modal.Route) => Effect.Effect<void>
  /** Back to the last `view` in the stack (the stack as it was when that view showed). */
  readonly goBackTo: (view: Modal.View) => Effect.Effect<void>
  readonly showToast: (toast: Modal.Toast) => Effect.Effect<void>
}>()("portico/core/features/Navigation") {
  static readonly layer = Layer.effect(
    Navigation,
    Effect.gen(function*() {
      const config = yield* HostConfig
      const modal = yield* Modal.Modal
      const connectors = yield* Connectors
      const attempt = yield* ConnectAttempt
      const session = yield* Session.Session
      const analytics = yield* Analytics.Analytics
      const provide = <A, E>(effect: Effect.Effect<A, E, HostConfig | Session.Session | Analytics.Analytics>) =>
        effect.pipe(
          Effect.provideService(HostConfig, config),
          Effect.provideService(Session.Session, session),
          Effect.provideService(Analytics.Analytics, analytics)
        )
      const signIn = yield* SignInState.SignInState
      /** The router's view of the visitor, with sign-in's hold on closing (only the visitor's own close and back). */
      const visitorContext = Effect.map(
        Effect.all([provide(routerContext), Effect.provideService(SignInState.blocksClosing, SignInState.SignInState, signIn)]),
        ([context, signInPending]): Modal.RouterContext => ({ ...context, signInPending })
      )

      const open = Effect.fn("Navigation.open")(function*(options: OpenOptions = {}) {
        yield* connectors.discover
        const { connected } = yield* provide(routerContext)
        const route: Modal.Route = options.view !== undefined
          ? ModalRoute.hostRoute(options.view, connected)
          : {
            view: (yield* provide(isActiveAccountUnsupported))
              ? "UnsupportedChain"
              : ModalRoute.openingView({
                connected,
                mobile: options.mobile === true,
                hasAdapters: InstalledWallets.installedWallets((yield* SubscriptionRef.get(connectors.state)).clients).length > 0 ||
                  Config.offersEmbeddedWallet(config),
                allWallets: Config.offersAllWallets(config)
              })
          }
        yield* modal.open(route)
        yield* provide(Analytics.trackDetached({ event: "MODAL_OPEN", properties: { connected } }))
      })

      // A wallet moving to a chain the host did not request brings up UnsupportedChain.
      yield* SubscriptionRef.changes(session.state).pipe(
        Stream.runForEach(() =>
          Effect.gen(function*() {
            const unsupported = yield* provide(isActiveAccountUnsupported)
            if (unsupported) yield* modal.toUnsupportedChain(connectingViews)
          })
        ),
        Effect.forkScoped
      )

      return Navigation.of({
        open,
        close: (options) =>
          Effect.gen(function*() {
            const context = yield* visitorContext
            const before = yield* SubscriptionRef.get(modal.state)
            const after = Modal.close(before, context, options)
            // Embedded mode stays open on a base view: the connecting view is left as by going back.
            if (after.open && Modal.currentView(after) !== Modal.currentView(before)) yield* attempt.abandon
            yield* modal.close(context, options)
            if (!after.open) yield* attempt.release
          }),
        back: Effect.gen(function*() {
          yield* attempt.abandon
          yield* modal.back(yield* visitorContext)
        }),
        push: modal.push,
        goBackTo: modal.goBackTo,
        showToast: modal.showToast
      })
    })
  )
}
