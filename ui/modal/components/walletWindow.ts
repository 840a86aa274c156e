/**
 * Whether a failure is one the embedded wallet's own window answers (docs/embedded-wallet.md "The
 * wallet's window for a whole session"): the browser refused the hidden frame its storage, or the
 * visitor closed the window the wallet ran in. The offer itself (WalletWindowOffer.tsx) loads only then.
 */
import { lazy } from "react"
import type { Failure } from "./errorText.ts"

const answered: ReadonlySet<string> = new Set(["EmbeddedWalletStorageBlockedError", "EmbeddedWalletWindowClosedError"])

export const opensWalletWindow = (failure: Failure | undefined): failure is Failure => failure !== undefined && answered.has(failure._tag)

export const WalletWindowOffer = lazy(() => import("./WalletWindowOffer.tsx").then((module) => ({ default: module.WalletWindowOffer })))
