/**
 * Which Wallet Standard wallets the list shows, without Effect: the Connect view lists them before the engine
 * has loaded, and `WalletStandard` builds its clients on these same wallets. Registrations come from any
 * script on the page: a wallet is listed only when its name and icon pass the announcements' checks and it
 * offers `standard:connect` on a `solana:` chain.
 */
import { getWallets } from "@wallet-standard/app"
import type { Wallet } from "@wallet-standard/base"
import type * as Connector from "../Connector.ts"
import * as ImageSource from "../ImageSource.ts"
import * as SolanaClusters from "../SolanaClusters.ts"

/**
 * The feature `name` when it is an object whose method `key` is a function (a signature cannot be checked at
 * run time; the standard names it), else undefined.
 */
export const feature = <F>(wallet: Wallet, name: `${string}:${string}`, key: keyof F & string): F | undefined => {
  const value: unknown = wallet.features[name]
  const isObject = (typeof value === "object" && value !== null) || typeof value === "function"
  return isObject && typeof (value as Readonly<Record<string, unknown>>)[key] === "function" ? value as F : undefined
}

/** Whether a registered wallet passes the checks to be listed. */
export const isListable = (wallet: Wallet): boolean =>
  typeof wallet.name === "string" &&
  wallet.name.length > 0 &&
  wallet.name.length <= 100 &&
  typeof wallet.icon === "string" &&
  ImageSource.isSafeImageSource(wallet.icon) &&
  wallet.chains.some(SolanaClusters.isSolanaChain) &&
  feature<{ readonly connect: unknown }>(wallet, "standard:connect", "connect") !== undefined

export const connectorOf = (wallet: Wallet): Connector.Connector => ({
  id: `wallet-standard:${wallet.name}`,
  name: wallet.name,
  chain: "solana",
  imageUrl: wallet.icon,
  type: "WALLET_STANDARD"
})

/**
 * Follows the registered wallets (registrations and unregistrations), calling `onChange` with the listable
 * ones in registration order, now and on each change; returns the function that stops following.
 */
export const watchListed = (onChange: (wallets: ReadonlyArray<Wallet>) => void): () => void => {
  const wallets = getWallets()
  const emit = () => onChange(wallets.get().filter(isListable))
  emit()
  const offRegister = wallets.on("register", emit)
  const offUnregister = wallets.on("unregister", emit)
  return () => {
    offRegister()
    offUnregister()
  }
}
