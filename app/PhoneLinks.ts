/**
 * What the engine offers for phones: opening a wallet's link in the visitor's tap, the WalletConnect
 * pairing made ahead for it, and the way out of an in-app browser (core/InAppBrowser.ts) for this page.
 */
import * as InAppBrowser from "../core/InAppBrowser.ts"
import type { ConnectAttempt } from "../core/features/ConnectAttempt.ts"
import type { Safe } from "./Action.ts"
import { openWalletLink } from "./WalletLink.ts"

export interface PhoneLinks {
  /** Takes the visitor to a wallet's app or web page (a deep link carrying the pairing URI); call it in the tap. */
  readonly openWalletLink: (href: string) => void
  /** On a phone: a WalletConnect pairing made ahead (`atoms.preparedPairing`), for a wallet's link to open in the tap. */
  readonly preparePairing: () => Safe<void>
  /** In an in-app browser (Instagram, Facebook, X, TikTok, LINE, WeChat, Telegram): how to reach the visitor's browser. */
  readonly inAppBrowser: InAppBrowser.Escape | undefined
}

export const make = (runSafe: (effect: ConnectAttempt["Service"]["preparePairing"]) => Safe<void>, attempt: ConnectAttempt["Service"]): PhoneLinks => ({
  openWalletLink,
  preparePairing: () => runSafe(attempt.preparePairing),
  inAppBrowser: InAppBrowser.escapeOf(globalThis.navigator?.userAgent ?? "", globalThis.location?.href ?? "")
})
