/**
 * How the demo wallets make themselves known to the page, the way extension content scripts do:
 * EIP-6963 for the EVM provider, the Wallet Standard register protocol for the Solana wallet.
 */
import type { Wallet, WindowAppReadyEventAPI, WindowRegisterWalletEventCallback } from "@wallet-standard/base"
import type { EvmProvider } from "./EvmWallet.ts"

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
