/**
 * The views that load on demand, each its own chunk (issue 30: the modal's first chunk holds only the
 * connect path's screens: Connect, ConnectingExternal, Account): the full wallet list, WalletConnect's QR
 * code, UnsupportedChain, and the feature areas of spec §2. Each is fetched on the visitor's intent for it
 * (pointer over or focus on the entry that leads there, `preloadFeatureView`), so it is usually there by the
 * click, or else when it first shows (LazyView.tsx).
 */
import type { Engine } from "../../app/Engine.ts"
import { LazyView, lazyChunk } from "./LazyView.tsx"

const views = {
  AllWallets: lazyChunk(() => import("./AllWallets/AllWallets.tsx").then((module) => module.AllWallets)),
  ConnectingWalletConnect: lazyChunk(() => import("./ConnectingWalletConnect/ConnectingWalletConnect.tsx").then((module) => module.ConnectingWalletConnect)),
  ConnectingWalletConnectBasic: lazyChunk(() =>
    import("./ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.tsx").then((module) => module.ConnectingWalletConnectBasic)
  ),
  UnsupportedChain: lazyChunk(() => import("./UnsupportedChain/UnsupportedChain.tsx").then((module) => module.UnsupportedChain)),
  Receive: lazyChunk(() => import("./Receive/Receive.tsx").then((module) => module.Receive)),
  Send: lazyChunk(() => import("./Send/Send.tsx").then((module) => module.Send)),
  Swap: lazyChunk(() => import("./Swap/Swap.tsx").then((module) => module.SwapView)),
  Buy: lazyChunk(() => import("./Buy/Buy.tsx").then((module) => module.BuyView)),
  Permissions: lazyChunk(() => import("./Permissions/Permissions.tsx").then((module) => module.PermissionsView)),
  EmailVerifyOtp: lazyChunk(() => import("./EmailLogin/EmailVerifyOtp.tsx").then((module) => module.EmailVerifyOtp)),
  EmailVerifyDevice: lazyChunk(() => import("./EmailLogin/EmailVerifyDevice.tsx").then((module) => module.EmailVerifyDevice)),
  ConnectingSocial: lazyChunk(() => import("./ConnectingSocial/ConnectingSocial.tsx").then((module) => module.ConnectingSocial)),
  ConnectingFarcaster: lazyChunk(() => import("./ConnectingFarcaster/ConnectingFarcaster.tsx").then((module) => module.ConnectingFarcaster)),
  EmbeddedWalletPanel: lazyChunk(() => import("./EmbeddedWalletPanel/EmbeddedWalletPanel.tsx").then((module) => module.EmbeddedWalletPanel)),
  UpdateEmailWallet: lazyChunk(() => import("./UpdateEmail/UpdateEmailWallet.tsx").then((module) => module.UpdateEmailWallet)),
  RegisterAccountName: lazyChunk(() => import("./RegisterAccountName/RegisterAccountName.tsx").then((module) => module.RegisterAccountName)),
  RegisterAccountNameSuccess: lazyChunk(() =>
    import("./RegisterAccountNameSuccess/RegisterAccountNameSuccess.tsx").then((module) => module.RegisterAccountNameSuccess)
  ),
  SignIn: lazyChunk(() => import("./SignIn/SignInView.tsx").then((module) => module.SignInView))
}

export type FeatureViewName = keyof typeof views

/** Fetches one view's chunk on the visitor's intent for it: the next likely step, never every view at once. */
export const preloadFeatureView = (name: FeatureViewName): void => views[name].preload()

/**
 * What choosing WalletConnect needs, fetched while the visitor heads for it (issue 30: its click shows the
 * QR code within 150 ms): the Sign client, the view that shows the code in the host's mode, and the code's
 * encoder (a failed fetch is tried again when the code is drawn, which tells the visitor if it fails again).
 */
export const prepareWalletConnect = (engine: Engine): void => {
  void engine.prepareWalletConnect()
  preloadFeatureView(engine.config.basicMode === true ? "ConnectingWalletConnectBasic" : "ConnectingWalletConnect")
  // The QR code's encoder (components/QrCode.tsx imports it as it draws the first code).
  import("uqr").catch(() => undefined)
}

export function FeatureView({ name }: { readonly name: FeatureViewName }) {
  return <LazyView key={name} chunk={views[name]} props={{}} focusOnArrival />
}
