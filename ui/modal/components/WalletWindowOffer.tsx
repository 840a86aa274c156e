/**
 * The offer of the embedded wallet's own window, beside a failure that window answers: the browser
 * refused the hidden frame its storage, or the visitor closed the window the wallet ran in. Its button
 * (WalletWindowButton.tsx) is a chunk of its own, loaded only then.
 */
import { lazy, Suspense } from "react"
import type { Failure } from "./errorText.ts"

const answered: ReadonlySet<string> = new Set(["EmbeddedWalletStorageBlockedError", "EmbeddedWalletWindowClosedError"])

export const opensWalletWindow = (failure: Failure | undefined): failure is Failure => failure !== undefined && answered.has(failure._tag)

const WalletWindowButton = lazy(() => import("./WalletWindowButton.tsx").then((module) => ({ default: module.WalletWindowButton })))

export function WalletWindowOffer({ failure }: { readonly failure: Failure | undefined }) {
  return opensWalletWindow(failure) ? <Suspense fallback={null}><WalletWindowButton /></Suspense> : null
}
