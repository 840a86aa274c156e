/**
 * What the engine offers for phones: opening a wallet's link in the visitor's tap, the WalletConnect
 * pairing made ahead for it, and the way out of an in-app browser (core/InAppBrowser.ts) for this page.
 */
import * as InAppBrowser from "../core/InAppBrowser.ts"
import type { ConnectAttempt } from "../core/features/ConnectAttempt.ts"
import type { Safe } from "./Action.ts"
import type { Engine } from "./Engine.ts"
import { openWalletLink } from "./WalletLink.ts"

export const make = (
  runSafe: (effect: ConnectAttempt["Service"]["preparePairing"]) => Safe<void>,
  attempt: ConnectAttempt["Service"]
): Pick<Engine, "openWalletLink" | "preparePairing" | "inAppBrowser"> => ({
  openWalletLink,
  preparePairing: () => runSafe(attempt.preparePairing),
  inAppBrowser: InAppBrowser.escapeOf(globalThis.navigator?.userAgent ?? "", globalThis.location?.href ?? "")
})
