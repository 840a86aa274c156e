/**
 * What the engine offers to reach a wallet elsewhere: opening a wallet's link in the visitor's tap, the
 * WalletConnect pairing made ahead for it (phones), the WalletConnect client's code loaded on intent, and
 * the way out of an in-app browser (core/InAppBrowser.ts) for this page.
 */
import type { ConnectAttempt } from "../core/features/ConnectAttempt.ts"
import type { Safe } from "./Action.ts"
import type { Engine } from "./Engine.ts"
import { escapeHere } from "./InAppEscape.ts"
import { openWalletLink } from "./WalletLink.ts"

export const make = async (
  runSafe: (effect: ConnectAttempt["Service"]["preparePairing"]) => Safe<void>,
  attempt: ConnectAttempt["Service"]
): Promise<Pick<Engine, "openWalletLink" | "preparePairing" | "prepareWalletConnect" | "inAppBrowser">> => ({
  openWalletLink,
  preparePairing: () => runSafe(attempt.preparePairing),
  prepareWalletConnect: () => runSafe(attempt.prepareWalletConnect),
  inAppBrowser: await escapeHere()
})
