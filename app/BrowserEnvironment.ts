/**
 * The services a browser page gives the features: localStorage, the page's wallets (EIP-6963, Wallet
 * Standard), WalletConnect and the embedded wallet where the configuration offers them, our server over
 * fetch, analytics and the host's configuration. Which of them are offered is core's rule (`Config`).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Analytics from "../core/Analytics.ts"
import * as Backend from "../core/Backend.ts"
import * as CodeChunk from "../core/CodeChunk.ts"
import * as Config from "../core/Config.ts"
import * as Caip294 from "../core/connectors/Caip294.ts"
import * as Connectors from "../core/connectors/Connectors.ts"
import * as Eip6963 from "../core/connectors/Eip6963.ts"
import * as EmbeddedConnector from "../core/connectors/EmbeddedConnector.ts"
import * as LazyClient from "../core/connectors/LazyClient.ts"
import * as MetaMaskMultichain from "../core/connectors/MetaMaskMultichain.ts"
import * as MiniAppFrame from "../core/connectors/MiniAppFrame.ts"
import * as WalletConnect from "../core/connectors/WalletConnect.ts"
import * as WalletStandard from "../core/connectors/WalletStandard.ts"
import * as Constants from "../core/Constants.ts"
import type * as DeveloperAlerts from "../core/DeveloperAlerts.ts"
import type { EmbeddedFrame } from "../core/embedded/FrameChannel.ts"
import { HostConfig } from "../core/HostConfig.ts"
import * as HostLogger from "../core/HostLogger.ts"
import * as Storage from "../core/Storage.ts"
import * as WalletRedirect from "../core/WalletRedirect.ts"
import * as DeferredBackend from "../http/client/DeferredBackend.ts"
import type { FailedRequest } from "../http/client/ServerTransport.ts"
import * as ServerUrls from "../http/client/ServerUrls.ts"
import * as BrowserStorage from "./BrowserStorage.ts"
import { isMobile } from "./Device.ts"
import * as MobileWalletAdapter from "./MobileWalletAdapter.ts"
import * as PageReturn from "./PageReturn.ts"
import { openWalletLink } from "./WalletLink.ts"

export const sdkVersion = "react-portico-0.1.0"

const serverReads = CodeChunk.lazy("server", () => import("./ServerReads.ts"))
const serverClients = CodeChunk.lazy("server", () => import("./ServerClients.ts"))

/**
 * Our server and analytics over fetch, or neither without an API URL; refusals that are the configuration's
 * fault go to the developer. Their HTTP client is two chunks, each loaded by its first request: the connect
 * path's reads (ServerReads.ts) and the rest (ServerClients.ts).
 */
const server = (config: Config.ResolvedConfig, tellDeveloper: (raised: DeveloperAlerts.Raised) => void) => {
  if (config.apiUrl === undefined) return Layer.merge(Backend.Backend.layerNotConfigured, Analytics.Analytics.layerOff)
  const walletServiceUrl = config.walletServiceUrl ?? config.apiUrl
  const clientId = config.clientId === undefined ? {} : { clientId: config.clientId }
  const log = HostLogger.make(config.logger, config.logLevel)
  const onFailedRequest = (entry: FailedRequest) => log("warn", "[Portico] A request to the Portico API failed", { ...entry })
  const options = { apiUrl: config.apiUrl, walletServiceUrl, projectId: config.projectId, sdkVersion, ...clientId, onFailedRequest }
  const backend = DeferredBackend.layer(ServerUrls.make(options), {
    reads: Effect.flatMap(serverReads, (chunk) => chunk.reads(options, tellDeveloper)),
    rest: Effect.flatMap(serverClients, (chunk) => chunk.rest(options, tellDeveloper))
  })
  if (!config.resolvedFeatures.analytics) return Layer.merge(backend, Analytics.Analytics.layerOff)
  const analytics = CodeChunk.once(Effect.flatMap(serverClients, (clients) =>
    clients.analytics({
      ...options,
      enabled: true,
      page: () => ({ url: globalThis.location?.href ?? "", domain: globalThis.location?.host ?? "" }),
      onAlert: tellDeveloper
    })))
  // Tracking never fails its caller: a client that could not be loaded sent nothing.
  const track = (event: Analytics.TrackedEvent) => Effect.flatMap(analytics, (client) => client.track(event)).pipe(Effect.orElseSucceed(() => false))
  return Layer.merge(backend, Layer.succeed(Analytics.Analytics, Analytics.Analytics.of({ track })))
}

/**
 * In a frame, the wallet of a mini-app host, if the parent is one (its chunk loads only there); at the
 * top of a tab, none, and nothing is loaded or asked.
 */
const hostedWallet = (config: Config.ResolvedConfig) => {
  if (typeof window === "undefined" || !MiniAppFrame.isFramed(window)) return undefined
  const log = HostLogger.make(config.logger, config.logLevel)
  return CodeChunk.lazy("mini app", () => import("../core/connectors/MiniApp.ts")).pipe(
    Effect.flatMap((module) => module.detect(window)),
    Effect.map(Option.map((found) => found.client)),
    // Without its code the page works as outside a host: the visitor connects through the modal.
    Effect.catchTag("FeatureUnavailableError", (error) =>
      Effect.sync(() => {
        log("warn", "[Portico] The mini-app connector could not be loaded", { cause: error.cause })
        return Option.none()
      }))
  )
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
  // The embedded wallet's client loads when the visitor logs in (or a stored login is restored), like its frame.
  const embedded = Config.offersEmbeddedWallet(config)
    ? LazyClient.make(EmbeddedConnector.connector, () => import("../core/connectors/Embedded.ts").then((module) => module.make({ frame: embeddedFrame, networks })))
    : undefined
  const wake = walletConnect?.wake
  const log = HostLogger.make(config.logger, config.logLevel)
  return Layer.mergeAll(
    // On Android Chrome, the Mobile Wallet Adapter joins the Wallet Standard wallets (and leaves with the engine).
    Layer.effectDiscard(Effect.acquireRelease(Effect.sync(() => MobileWalletAdapter.watch(config, log)), (withdraw) => Effect.sync(withdraw))),
    // Back from a wallet app: the relay's socket is made again at once if it died while the page was away.
    wake === undefined ? Layer.empty : Layer.effectDiscard(Effect.acquireRelease(Effect.sync(() => PageReturn.watch(wake)), (stop) => Effect.sync(stop))),
    BrowserStorage.layerBrowser,
    Connectors.Connectors.layer({
      eip6963: Eip6963.watch,
      walletStandard: WalletStandard.watch,
      multichain: [Caip294.watch(networks), MetaMaskMultichain.watch(networks)],
      walletConnect,
      embedded,
      hosted: hostedWallet(config)
    }),
    server(config, tellDeveloper),
    Layer.succeed(HostConfig, HostConfig.of(config))
  )
}
