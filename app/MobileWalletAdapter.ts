/**
 * The Mobile Wallet Adapter on Android Chrome (issue 28): its Wallet Standard wallet is registered there
 * and only there, and its code (the protocol, P-256, AES-GCM) is a chunk of its own that no other browser
 * ever loads. The wallet then lists like any other Wallet Standard wallet.
 */
import type * as Caip from "../core/Caip.ts"
import type * as Config from "../core/Config.ts"
import type * as HostLogger from "../core/HostLogger.ts"
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

/** Registers the wallet when the page runs in Android Chrome; returns the function that withdraws it. */
export const watch = (config: Config.ResolvedConfig, log: HostLogger.Log): (() => void) => {
  if (!isAndroidChrome(globalThis.navigator?.userAgent ?? "")) return () => undefined
  const chains = config.networks
    .filter((network) => network.chainNamespace === "solana")
    .map((network) => SolanaClusters.clusterNameOf(network.caipNetworkId as Caip.CaipNetworkId) as `${string}:${string}`)
  if (chains.length === 0) return () => undefined
  let withdraw: (() => void) | undefined
  let stopped = false
  const icon = iconOf(config.metadata)
  Promise.all([import("../core/connectors/MwaWallet.ts"), import("../core/connectors/MwaSocket.ts")]).then(
    ([MwaWallet, MwaSocket]) => {
      if (stopped) return
      withdraw = MwaWallet.register({
        identity: { name: config.metadata.name, uri: config.metadata.url, ...(icon === undefined ? {} : { icon }) },
        chains,
        storage: Storage.serviceOf(BrowserStorage.layerBrowser),
        openUri: openWalletLink,
        dial: MwaSocket.dial
      })
    },
    (cause: unknown) => log("warn", "[Portico] The Mobile Wallet Adapter's code could not load", { cause })
  )
  return () => {
    stopped = true
    withdraw?.()
  }
}
