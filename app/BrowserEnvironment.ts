/**
 * The services a browser page gives the features: localStorage, the page's wallets (EIP-6963, Wallet
 * Standard), WalletConnect and the embedded wallet where the configuration offers them, our server over
 * fetch, analytics and the host's configuration. Which of them are offered is core's rule (`Config`).
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import * as Analytics from "../core/Analytics.ts"
import * as Backend from "../core/Backend.ts"
import * as Config from "../core/Config.ts"
import * as Caip294 from "../core/connectors/Caip294.ts"
import * as Connectors from "../core/connectors/Connectors.ts"
import * as Eip6963 from "../core/connectors/Eip6963.ts"
import * as Embedded from "../core/connectors/Embedded.ts"
import * as MetaMaskMultichain from "../core/connectors/MetaMaskMultichain.ts"
import * as WalletConnect from "../core/connectors/WalletConnect.ts"
import * as WalletStandard from "../core/connectors/WalletStandard.ts"
import * as Constants from "../core/Constants.ts"
import type * as DeveloperAlerts from "../core/DeveloperAlerts.ts"
import type { EmbeddedFrame } from "../core/embedded/FrameChannel.ts"
import { HostConfig } from "../core/HostConfig.ts"
import * as HostLogger from "../core/HostLogger.ts"
import * as Storage from "../core/Storage.ts"
import * as WalletRedirect from "../core/WalletRedirect.ts"
import * as AnalyticsClient from "../http/client/AnalyticsClient.ts"
import * as BackendClient from "../http/client/Backend.ts"
import type { FailedRequest } from "../http/client/PorticoClient.ts"
import * as BrowserStorage from "./BrowserStorage.ts"
import { isMobile } from "./Device.ts"
import * as MobileWalletAdapter from "./MobileWalletAdapter.ts"
import * as PageReturn from "./PageReturn.ts"
import { openWalletLink } from "./WalletLink.ts"

export const sdkVersion = "react-portico-0.1.0"

/** Our server and analytics over fetch, or neither without an API URL; refusals that are the configuration's fault go to the developer. */
const server = (config: Config.ResolvedConfig, tellDeveloper: (raised: DeveloperAlerts.Raised) => void) => {
  if (config.apiUrl === undefined) return Layer.merge(Backend.Backend.layerNotConfigured, Analytics.Analytics.layerOff)
  const walletServiceUrl = config.walletServiceUrl ?? config.apiUrl
  const clientId = config.clientId === undefined ? {} : { clientId: config.clientId }
  const log = HostLogger.make(config.logger, config.logLevel)
  const onFailedRequest = (entry: FailedRequest) => log("warn", "[Portico] A request to the Portico API failed", { ...entry })
  return Layer.merge(
    BackendClient.layer({ apiUrl: config.apiUrl, walletServiceUrl, projectId: config.projectId, sdkVersion, ...clientId, onFailedRequest }, tellDeveloper),
    AnalyticsClient.layer({
      apiUrl: config.apiUrl,
      projectId: config.projectId,
      sdkVersion,
      ...clientId,
      onFailedRequest,
      enabled: config.resolvedFeatures.analytics,
      page: () => ({ url: globalThis.location?.href ?? "", domain: globalThis.location?.host ?? "" }),
      onAlert: tellDeveloper
    })
  ).pipe(Layer.provide(Layer.merge(FetchHttpClient.layer, BrowserStorage.layerBrowser)))
}

export const layer = (
  config: Config.ResolvedConfig,
  tellDeveloper: (raised: DeveloperAlerts.Raised) => void,
  embeddedFrame: () => Promise<EmbeddedFrame["Service"]>
) => {
  const networks = Config.sessionNetworks(config)
  const walletConnect = Config.offersWalletConnect(config)
    ? WalletConnect.make({
      projectId: config.projectId,
      // Phone wallets send the visitor back by it, to the page they connected on unless the host names one.
      metadata: WalletRedirect.withRedirect(config.metadata, globalThis.location?.href),
      networks,
      relayUrl: config.relayUrl ?? Constants.walletConnectRelayUrl,
      storage: Storage.serviceOf(BrowserStorage.layerBrowser),
      // On a phone a request sends the visitor to the wallet that must approve it (spec: wcLinking).
      openWallet: (link) => {
        if (isMobile()) openWalletLink(link)
      }
    })
    : undefined
  const embedded = Config.offersEmbeddedWallet(config) ? Embedded.make({ frame: embeddedFrame, networks }) : undefined
  const wake = walletConnect?.wake
  const log = HostLogger.make(config.logger, config.logLevel)
  return Layer.mergeAll(
    // On Android Chrome, the Mobile Wallet Adapter joins the Wallet Standard wallets (and leaves with the engine).
    Layer.effectDiscard(Effect.acquireRelease(Effect.sync(() => MobileWalletAdapter.watch(config, log)), (withdraw) => Effect.sync(withdraw))),
    // Back from a wallet app: the relay's socket is made again at once if it died while the page was away.
    wake === undefined ? Layer.empty : Layer.effectDiscard(Effect.acquireRelease(Effect.sync(() => PageReturn.watch(wake)), (stop) => Effect.sync(stop))),
    BrowserStorage.layerBrowser,
    Connectors.Connectors.layer({ eip6963: Eip6963.watch, walletStandard: WalletStandard.watch, multichain: [Caip294.watch(networks), MetaMaskMultichain.watch(networks)], walletConnect, embedded }),
    server(config, tellDeveloper),
    Layer.succeed(HostConfig, HostConfig.of(config))
  )
}
