/**
 * How the demo wallets make themselves known to the page, the way extension content scripts do:
 * EIP-6963 for the EVM provider, the Wallet Standard register protocol for the Solana wallet, CAIP-294
 * or MetaMask's window stream for the Multichain API.
 */
import type { Wallet, WindowAppReadyEventAPI, WindowRegisterWalletEventCallback } from "@wallet-standard/base"
import type { EvmProvider } from "./EvmWallet.ts"
import type { MultichainWallet } from "./MultichainWallet.ts"

export interface Eip6963Info {
  readonly uuid: string
  readonly name: string
  readonly icon: string
  readonly rdns: string
}

/** Announces once now and again on every `eip6963:requestProvider`. */
export const announceEip6963 = (target: Window, info: Eip6963Info, provider: EvmProvider): void => {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
  const announce = () => target.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
  target.addEventListener("eip6963:requestProvider", announce)
  announce()
}

/** The Wallet Standard's `registerWallet`: reach apps already listening and those that signal ready later. */
export const registerStandardWallet = (target: Window, wallet: Wallet): void => {
  const callback: WindowRegisterWalletEventCallback = ({ register }) => { register(wallet) }
  target.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: callback }))
  target.addEventListener("wallet-standard:app-ready", (event) => {
    callback((event as CustomEvent<WindowAppReadyEventAPI>).detail)
  })
}

/** Runs one JSON-RPC request on the wallet and sends its answer (its result, or its error's code and message). */
const answer = (wallet: MultichainWallet, send: (detail: object) => void, request: { readonly id: unknown; readonly method: string; readonly params?: unknown }) =>
  wallet.handle(request.method, request.params).then(
    (result) => send({ id: request.id, result }),
    (error: unknown) => {
      const { code, message } = error as { readonly code?: unknown; readonly message?: unknown }
      send({ id: request.id, error: { code: typeof code === "number" ? code : -32603, message: typeof message === "string" ? message : "Internal error" } })
    }
  )

/** A JSON-RPC request (a method and an id), or nothing. */
const requestOf = (detail: unknown) => {
  if (typeof detail !== "object" || detail === null || !("method" in detail) || !("id" in detail)) return undefined
  const { id, method, params } = detail as { readonly id: unknown; readonly method: unknown; readonly params?: unknown }
  return typeof method === "string" ? { id, method, params } : undefined
}

/**
 * CAIP-294: announces the wallet data on `caip294:wallet_announce` (now and on every prompt) and answers the
 * JSON-RPC requests the site dispatches on `caip294:<uuid>`, on the same event; notifications go out there too.
 */
export const announceCaip294 = (target: EventTarget, info: Eip6963Info, wallet: MultichainWallet): void => {
  const channel = `caip294:${info.uuid}`
  const send = (detail: object) => target.dispatchEvent(new CustomEvent(channel, { detail: { jsonrpc: "2.0", ...detail } }))
  target.addEventListener(channel, (event) => {
    const request = requestOf((event as CustomEvent<unknown>).detail)
    if (request !== undefined) void answer(wallet, send, request)
  })
  wallet.onNotification((method, params) => send({ method, params }))
  const data = Object.freeze({ ...info })
  const announce = () => target.dispatchEvent(new CustomEvent("caip294:wallet_announce", { detail: { jsonrpc: "2.0", method: "wallet_announce", params: data } }))
  target.addEventListener("caip294:wallet_prompt", announce)
  announce()
}

/**
 * The Multichain API as MetaMask's content script carries it: requests the page posts to itself for
 * `metamask-contentscript` on the `metamask-multichain-provider` stream are served, answers and
 * notifications posted back for `metamask-inpage` on the same stream, for the page's origin only. The
 * names are MetaMask's, written out here rather than taken from Portico, so the tests hold Portico to the
 * protocol and not to itself. Like the extension, it announces nothing more than its EIP-6963 provider.
 */
export const offerAsMetaMask = (page: Window, wallet: MultichainWallet): void => {
  const stream = "metamask-multichain-provider"
  const origin = page.location.origin
  const send = (detail: object) => page.postMessage({ target: "metamask-inpage", data: { name: stream, data: { jsonrpc: "2.0", ...detail } } }, origin)
  page.addEventListener("message", (event) => {
    if (event.source !== page || event.origin !== origin) return
    const { target, data } = (typeof event.data === "object" && event.data !== null ? event.data : {}) as { readonly target?: unknown; readonly data?: { readonly name?: unknown; readonly data?: unknown } }
    if (target !== "metamask-contentscript" || data?.name !== stream) return
    const request = requestOf(data.data)
    if (request !== undefined) void answer(wallet, send, request)
  })
  wallet.onNotification((method, params) => send({ method, params }))
}
