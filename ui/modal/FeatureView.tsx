/**
 * The feature areas of spec §2 that load on demand (receive, and the others as they land): each view
 * is its own chunk, fetched when the Account view shows (so it is usually there by the click) or when
 * first opened. Loaded modules are kept, and rendering never suspends: a view that is still loading
 * shows a status line instead of a Suspense fallback React would hold for 300 ms.
 */
import { type ComponentType, useEffect, useState } from "react"
import { useModalContext } from "./ModalContext.ts"

const loaders = {
  Receive: () => import("./Receive/Receive.tsx").then((module) => ({ default: module.Receive })),
  Send: () => import("./Send/Send.tsx").then((module) => ({ default: module.Send })),
  Swap: () => import("./Swap/Swap.tsx").then((module) => ({ default: module.SwapView })),
  Buy: () => import("./Buy/Buy.tsx").then((module) => ({ default: module.BuyView })),
  Permissions: () => import("./Permissions/Permissions.tsx").then((module) => ({ default: module.PermissionsView })),
  EmailVerifyOtp: () => import("./EmailLogin/EmailVerifyOtp.tsx").then((module) => ({ default: module.EmailVerifyOtp })),
  EmailVerifyDevice: () => import("./EmailLogin/EmailVerifyDevice.tsx").then((module) => ({ default: module.EmailVerifyDevice })),
  ConnectingSocial: () => import("./ConnectingSocial/ConnectingSocial.tsx").then((module) => ({ default: module.ConnectingSocial })),
  ConnectingFarcaster: () => import("./ConnectingFarcaster/ConnectingFarcaster.tsx").then((module) => ({ default: module.ConnectingFarcaster })),
  EmbeddedWalletPanel: () => import("./EmbeddedWalletPanel/EmbeddedWalletPanel.tsx").then((module) => ({ default: module.EmbeddedWalletPanel })),
  UpdateEmailWallet: () => import("./UpdateEmail/UpdateEmailWallet.tsx").then((module) => ({ default: module.UpdateEmailWallet })),
  RegisterAccountName: () => import("./RegisterAccountName/RegisterAccountName.tsx").then((module) => ({ default: module.RegisterAccountName })),
  RegisterAccountNameSuccess: () =>
    import("./RegisterAccountNameSuccess/RegisterAccountNameSuccess.tsx").then((module) => ({ default: module.RegisterAccountNameSuccess })),
  SignIn: () => import("./SignIn/SignInView.tsx").then((module) => ({ default: module.SignInView }))
} satisfies Record<string, () => Promise<{ readonly default: ComponentType }>>

export type FeatureViewName = keyof typeof loaders

const loaded = new Map<FeatureViewName, ComponentType>()

const load = (name: FeatureViewName): Promise<ComponentType> =>
  loaders[name]().then((module) => {
    loaded.set(name, module.default)
    return module.default
  })

/**
 * Fetches one feature view's chunk when the visitor shows intent (pointer over or focus on its button): the next likely step, never every view at once (issue 30: the connect path pays for none).
 */
export const preloadFeatureView = (name: FeatureViewName): void => {
  // Best effort: a chunk that fails here is fetched again when its view opens.
  if (!loaded.has(name)) load(name).catch(() => undefined)
}

export function FeatureView({ name }: { readonly name: FeatureViewName }) {
  const { t } = useModalContext()
  const [View, setView] = useState<ComponentType | undefined>(() => loaded.get(name))
  // A chunk that did not arrive (offline, or the site was updated meanwhile) is said, with a retry.
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (View !== undefined || failed) return
    let live = true
    load(name).then(
      (component) => {
        if (live) setView(() => component)
      },
      () => {
        if (live) setFailed(true)
      }
    )
    return () => {
      live = false
    }
  }, [name, View, failed])
  if (failed) {
    return (
      <div className="stack">
        <p className="error" role="alert">{t("errorFeatureUnavailable")}</p>
        <button type="button" className="secondary" onClick={() => setFailed(false)}>{t("tryAgain")}</button>
      </div>
    )
  }
  return View === undefined ? <p className="muted" role="status">{t("loading")}</p> : <View />
}
