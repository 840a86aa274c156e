/**
 * The Mobile Wallet Adapter's registration, loaded on Android only (app/MobileWalletAdapter.ts): the full
 * user-agent check first, then the wallet's code (the protocol, P-256, AES-GCM) only in Android Chrome.
 */
import type * as Caip from "../core/Caip.ts"
import type * as Config from "../core/Config.ts"
import { isAndroidChrome } from "../core/mwa/AndroidChrome.ts"
import * as SolanaClusters from "../core/SolanaClusters.ts"
import * as Storage from "../core/Storage.ts"
import * as BrowserStorage from "./BrowserStorage.ts"
import { openWalletLink } from "./WalletLink.ts"

/** The host's icon as the spec wants it: a path relative to the host's URI (or a data URI), never another origin's. */
const iconOf = (metadata: Config.AppMetadata): string | undefined => {
  const first = metadata.icons[0]
  if (first === undefined) return undefined
  if (first.startsWith("data:image/")) return first
  try {
    const icon = new URL(first, metadata.url)
    return icon.origin === new URL(metadata.url).origin ? icon.pathname.replace(/^\//, "") : undefined
  } catch {
    return undefined
  }
}

/** Registers the wallet in Android Chrome when the host has a Solana network; returns the function that withdraws it. */
export const register = async (config: Config.ResolvedConfig, userAgent: string): Promise<(() => void) | undefined> => {
  const chains = config.networks
    .filter((network) => network.chainNamespace === "solana")
    .map((network) => SolanaClusters.clusterNameOf(network.caipNetworkId as Caip.CaipNetworkId) as `${string}:${string}`)
  if (chains.length === 0 || !isAndroidChrome(userAgent)) return undefined
  const [MwaWallet, MwaSocket] = await Promise.all([import("../core/connectors/MwaWallet.ts"), import("../core/connectors/MwaSocket.ts")])
  const icon = iconOf(config.metadata)
  return MwaWallet.register({
    identity: { name: config.metadata.name, uri: config.metadata.url, ...(icon === undefined ? {} : { icon }) },
    chains,
    storage: Storage.serviceOf(BrowserStorage.layerBrowser),
    openUri: openWalletLink,
    dial: MwaSocket.dial
  })
}
