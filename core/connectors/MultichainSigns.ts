/**
 * The signs that a wallet in the page may offer the Multichain API, free of Effect: a CAIP-294
 * announcement, or MetaMask's EIP-6963 announcement (MetaMask carries the API on its own transport and
 * announces it nowhere). Only the engine can tell such a wallet apart and list it once
 * (Connectors.listed), so the modal's first stage (app/Lobby.ts) brings the engine when it sees one.
 */

/** CAIP-294's events for browser wallets: a wallet announces itself, and again on every prompt. */
export const announceEvent = "caip294:wallet_announce"
export const promptEvent = "caip294:wallet_prompt"

/** MetaMask's and MetaMask Flask's EIP-6963 rdns. */
export const metaMaskRdns: ReadonlyArray<string> = ["io.metamask", "io.metamask.flask"]

/** Calls `onSign` once a wallet announces itself over CAIP-294 (prompting them to); returns the function that stops listening. */
export const watchAnnouncements = (target: Window, onSign: () => void): () => void => {
  const listener = () => onSign()
  target.addEventListener(announceEvent, listener)
  target.dispatchEvent(new CustomEvent(promptEvent, { detail: { jsonrpc: "2.0", method: "wallet_prompt", params: {} } }))
  return () => target.removeEventListener(announceEvent, listener)
}
