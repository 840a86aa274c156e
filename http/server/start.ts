/**
 * `startApiServer(options)`: opens the database (PGlite in memory, PGlite on disk, or Postgres), runs
 * the migrations, upserts the configured projects, then serves the Portico API (and its OpenAPI
 * document at /openapi.json) on @effect/platform-node. Resolves once listening.
 */
import { mkdirSync } from "node:fs"
import { createServer, type Server } from "node:http"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as ByteSize from "effect/ByteSize"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as References from "effect/References"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as NetAddress from "effect/net/NetAddress"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { openApiPath } from "../api/PorticoApi.ts"
import { ServedApi } from "../api/ServedApi.ts"
import { AnalyticsHandlers } from "./AnalyticsHandlers.ts"
import { fungibleCatalogue, makeBalanceReader } from "./Balances.ts"
import { AccountHistory } from "./AccountHistory.ts"
import { BlockchainHandlers } from "./BlockchainHandlers.ts"
import * as ChainRpc from "./ChainRpc.ts"
import { accountAbstractionUpstreamsOf, upstreamsOf } from "./ChainRpcUpstreams.ts"
import { openDatabase, type Database } from "./Database.ts"
import * as GracefulStop from "./GracefulStop.ts"
import { historyPageSize } from "./HistoryAnswers.ts"
import { Holdings } from "./Holdings.ts"
import { ImageHandlers } from "./ImageHandlers.ts"
import * as InputErrorsLive from "./InputErrorsLive.ts"
import * as KeptResponses from "./KeptResponses.ts"
import { migrate } from "./Migrations.ts"
import * as ProjectGuardLive from "./ProjectGuardLive.ts"
import { memoryLimiter } from "./RateLimiter.ts"
import * as Repository from "./Repository.ts"
import { NameRules } from "./NameRules.ts"
import type { MetricsEndpoint } from "./MetricsEndpoint.ts"
import * as Operations from "./Operations.ts"
import { OperationsHandlers } from "./OperationsHandlers.ts"
import { RateLimits } from "./RateLimits.ts"
import { ServerAddress } from "./ServerAddress.ts"
import * as SharedRateLimiter from "./SharedRateLimiter.ts"
import * as ClientAddress from "./ClientAddress.ts"
import * as Cors from "./Cors.ts"
import * as ErrorBodies from "./ErrorBodies.ts"
import * as ProjectDirectory from "./ProjectDirectory.ts"
import type { LogSink } from "./RequestLog.ts"
import * as ResponseHeaders from "./ResponseHeaders.ts"
import * as SafeConfiguration from "./SafeConfiguration.ts"
import { defaults, type RateLimitOptions, type EmbeddedOptions, type ServerOptions } from "./ServerOptions.ts"
import { SessionsHandlers } from "./SessionsHandlers.ts"
import * as SmartSessions from "./SmartSessions.ts"
import { SignInHandlers, SignInService } from "./SignInHandlers.ts"
import * as SignInSignatures from "./SignInSignatures.ts"
import * as SignInStore from "./SignInStore.ts"
import { makeSolanaHistoryReader } from "./SolanaHistory.ts"
import { loadTokenImages } from "./TokenImages.ts"
import { WalletHandlers } from "./WalletHandlers.ts"
import * as Embedded from "./embedded/Embedded.ts"
import { EmbeddedApprovalHandlers, EmbeddedHandlers } from "./embedded/EmbeddedHandlers.ts"
import * as FramePages from "./embedded/FramePages.ts"
import { FarcasterHandlers } from "./embedded/FarcasterHandlers.ts"
import * as FarcasterLogin from "./embedded/FarcasterLogin.ts"
import { SocialCallbackHandlers, SocialHandlers } from "./embedded/SocialHandlers.ts"
import * as SocialLogin from "./embedded/SocialLogin.ts"
import * as WalletOriginGuardLive from "./embedded/WalletOriginGuardLive.ts"
import * as Swaps from "./convert/Swaps.ts"
import * as EnsNames from "./EnsNames.ts"
import * as ExplorerChains from "./explorer/ExplorerChains.ts"
import * as ExplorerHistory from "./explorer/ExplorerHistory.ts"
import * as TokenDiscovery from "./explorer/TokenDiscovery.ts"
import * as TokenList from "./explorer/TokenList.ts"
import * as Prices from "./prices/Prices.ts"
import * as Onramp from "./onramp/Onramp.ts"
import * as OnrampWebhook from "./onramp/OnrampWebhook.ts"
import * as JupiterSwaps from "./solana/JupiterSwaps.ts"
import * as PythPrices from "./solana/PythPrices.ts"

export type { ServerOptions } from "./ServerOptions.ts"
export { UnsafeConfigurationError } from "./SafeConfiguration.ts"

/**
 * The longest path parameter routed (the router's default is 100): a smart session's id, its ABI-encoded
 * context, is 130 characters.
 */
const maxParamLength = 160

/** Every request body Portico accepts is a small JSON document; larger ones answer 413. */
const maxBodySize = ByteSize.kibibytes(64)

export interface ApiServer {
  /** `http://host:port`, no trailing slash. */
  readonly url: string
  /** `http://host:port/metrics`, with `metricsPort`. */
  readonly metricsUrl: string | undefined
  /**
   * The graceful stop (GracefulStop.ts): `/readyz` answers 503 `stopping` at once, the listener closes,
   * idle connections close, every request received is answered in full (`Connection: close`) until
   * `deadlineMs` (default `stopDeadlineSeconds`), then what is left is cut; then the metrics endpoint, the
   * runtime and the database close, and the log gets a `stopped` line saying how many were cut. Calling it
   * again answers the same stop.
   */
  readonly stop: (options?: { readonly deadlineMs?: number }) => Promise<void>
}

const databaseOf = (options: ServerOptions): Promise<Database> => {
  if (options.databaseUrl !== undefined) return openDatabase({ databaseUrl: options.databaseUrl })
  if (options.dataDir === undefined) return openDatabase({ inMemory: true })
  mkdirSync(options.dataDir, { recursive: true })
  return openDatabase({ dataDir: options.dataDir })
}

/** What only code (not a configuration file) can give the server. */
export interface ServerRuntime {
  /**
   * The server's time (default the system clock): every handler's `Clock` (rate limits, kept answers,
   * sign-in nonces), the embedded wallet's codes, gates and sessions, the price cache and feed heartbeats,
   * and the plain callbacks in front of the application (ProjectDirectory, KeptResponses). Tests move it
   * to expire a code or a price without waiting.
   */
  readonly clock?: Clock.Clock
  /** Where the request log lines go (RequestLog.ts), one JSON document each; without it nothing is logged. */
  readonly log?: LogSink
}

/** At most this many bytes of whole answers are kept to be written again (KeptResponses). */
const keptResponseBytes = 32 * 1024 * 1024

/** The embedded wallet's services: sessions and email login, social login, and Sign In With Farcaster when configured. */
const embeddedLayer = (
  db: Database,
  embedded: EmbeddedOptions,
  projects: ProjectDirectory.ProjectDirectory,
  clock: Clock.Clock,
  stopping: () => boolean
) =>
  Layer.mergeAll(
    SocialLogin.layer(db, embedded, projects, clock, stopping),
    embedded.farcaster === undefined ? Layer.empty : FarcasterLogin.layer(db, { publicUrl: embedded.publicUrl, farcaster: embedded.farcaster }, clock, stopping)
  ).pipe(Layer.provideMerge(Embedded.layer(db, embedded, clock, stopping)))

/** `ApiServer.stop`: the graceful stop once (a second call answers the first), then `close`, then its log line. */
const stopOnce = (
  graceful: GracefulStop.GracefulStop,
  defaultDeadlineMs: number,
  close: () => Promise<void>,
  log: LogSink,
  clock: Clock.Clock
): ApiServer["stop"] => {
  let stopping: Promise<void> | undefined
  const halt = async (deadlineMs: number): Promise<void> => {
    const outcome = await graceful.drain(deadlineMs)
    await close()
    log(GracefulStop.stoppedLine(clock.currentTimeMillisUnsafe(), deadlineMs, outcome))
  }
  return (stopOptions = {}) => (stopping ??= halt(stopOptions.deadlineMs ?? defaultDeadlineMs))
}

export const startApiServer = async (options: ServerOptions = {}, injected: ServerRuntime = {}): Promise<ApiServer> => {
  // Nothing opens for a configuration that is unsafe to serve, nor for a broken token list file.
  SafeConfiguration.check(options)
  const tokenList = TokenList.load(options.tokenList)
  const db = await databaseOf(options)
  let metricsEndpoint: MetricsEndpoint | undefined
  try {
    await migrate(db)
    const repository = Repository.make(db)
    await Effect.runPromise(repository.upsertProjects(options.projects ?? {}))
    await Effect.runPromise(repository.upsertWallets(options.wallets ?? []))
    const clock = injected.clock ?? Clock.Clock.defaultValue()
    const graceful = GracefulStop.make()
    const operations = Operations.make(options, db, upstreamsOf(options), { clock, log: injected.log, stopping: graceful.stopping })
    metricsEndpoint = await operations.serve()
    const projects = await ProjectDirectory.load(repository, clock)
    const evm = options.evm ?? []
    const solanaPrices = options.solana?.pyth === undefined
      ? []
      : [await Effect.runPromise(PythPrices.make(options.solana.rpcUrl, options.solana.caipNetworkId, options.solana.pyth))]
    const prices = await Effect.runPromise(Prices.make(evm, options.prices ?? {}, clock, solanaPrices))
    const ens = await Effect.runPromise(EnsNames.make(evm))
    const sessions = await Effect.runPromise(SmartSessions.make(evm, options.sessions))
    let ownUrl = `http://${options.host ?? defaults.host}:${options.port ?? defaults.port}`
    const configuredOrigins = [options.publicUrl, options.embedded?.publicUrl].flatMap((url) =>
      url !== undefined && URL.canParse(url) ? [new URL(url).origin] : []
    )
    const frameAssets = options.embedded?.frameAssets === undefined ? undefined : FramePages.load(options.embedded.frameAssets)
    const onramp = options.onramp === undefined ? undefined : await Effect.runPromise(Onramp.make(options.onramp, evm, db, prices.known))
    // With Postgres both limiters keep their buckets in one table: each sweeps rows idle for twice the
    // longer window, by then full again for either.
    const rates = [options.rateLimit ?? defaults.rateLimit, options.unknownProjectRateLimit ?? defaults.unknownProjectRateLimit]
    const idleMillis = 2 * Math.max(...rates.map((limit) => limit.perSeconds)) * 1000
    const limiterOf = (limit: RateLimitOptions, name: "project" | "unknownProject") =>
      operations.counted(db.kind === "postgres" ? SharedRateLimiter.make(db, limit, idleMillis) : memoryLimiter(limit), name)
    // History and token discovery read each chain's explorer; the token list says which tokens are vouched for.
    const explorerChains = await Effect.runPromise(ExplorerChains.make(evm, tokenList))
    const history = await Effect.runPromise(ExplorerHistory.make(explorerChains, prices.known, historyPageSize))
    const limits = RateLimits.of({
      known: limiterOf(options.rateLimit ?? defaults.rateLimit, "project"),
      unknownProject: limiterOf(options.unknownProjectRateLimit ?? defaults.unknownProjectRateLimit, "unknownProject")
    })
    const signIn = SignInService.of({
      store: SignInStore.make(db),
      chains: [...evm.map((chain) => `eip155:${chain.chainId}`), ...(options.solana === undefined ? [] : [options.solana.caipNetworkId])],
      signatures: SignInSignatures.make({ rpcUrls: Object.fromEntries(evm.map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl])) })
    })
    const services = Layer.mergeAll(
      Layer.succeed(Repository.Repository, repository),
      Layer.succeed(ProjectDirectory.Projects, projects),
      Layer.succeed(RateLimits, limits),
      Layer.succeed(ClientAddress.TrustedProxies, ClientAddress.trusted(options.trustedProxies)),
      Layer.succeed(ServerAddress, {
        publicUrl: options.publicUrl?.replace(/\/+$/, ""),
        ownUrl: () => ownUrl,
        ownOrigins: () => [ownUrl, ...configuredOrigins]
      }),
      Layer.succeed(Holdings, {
        balances: makeBalanceReader(evm, options.solana, prices.usd, TokenDiscovery.make(explorerChains)),
        fungibles: fungibleCatalogue(evm, options.solana),
        tokenImages: loadTokenImages(options.tokenImages ?? {})
      }),
      Layer.succeed(AccountHistory, {
        evm: history,
        solana: options.solana === undefined ? undefined : makeSolanaHistoryReader(options.solana, prices.known)
      }),
      Layer.succeed(Onramp.OnrampService, { served: onramp }),
      Layer.succeed(NameRules, {
        zone: options.nameZone ?? defaults.nameZone,
        registrationMaxAgeSeconds: options.registrationMaxAgeSeconds ?? defaults.registrationMaxAgeSeconds
      }),
      Layer.succeed(SignInService, signIn),
      operations.layer,
      Layer.succeed(Prices.Prices, prices),
      Layer.succeed(EnsNames.EnsNames, ens),
      Layer.succeed(SmartSessions.SmartSessions, sessions),
      Layer.succeed(Swaps.Swaps, JupiterSwaps.withJupiter(Swaps.make(evm), options.solana === undefined ? undefined : JupiterSwaps.make(options.solana))),
      options.embedded === undefined ? Layer.empty : embeddedLayer(db, options.embedded, projects, clock, graceful.stopping)
    )
    const handlers = Layer.mergeAll(
      BlockchainHandlers, SessionsHandlers, SignInHandlers, AnalyticsHandlers, WalletHandlers, ImageHandlers, EmbeddedHandlers, EmbeddedApprovalHandlers,
      SocialHandlers, SocialCallbackHandlers, FarcasterHandlers, OperationsHandlers
    ).pipe(
      Layer.provide(Layer.mergeAll(ProjectGuardLive.layer, WalletOriginGuardLive.layer, InputErrorsLive.layer)),
      Layer.provide(services)
    )
    const routes = Layer.mergeAll(
      HttpApiBuilder.layer(ServedApi, { openapiPath: openApiPath }).pipe(Layer.provide(handlers)),
      ChainRpc.layer(upstreamsOf(options), accountAbstractionUpstreamsOf(options)).pipe(Layer.provide(services)),
      OnrampWebhook.layer(onramp?.purchases),
      // The embedded wallet's frame and panel pages, when their build is configured.
      frameAssets === undefined ? Layer.empty : FramePages.layer(frameAssets).pipe(Layer.provide(services)),
      HttpRouter.middleware(Cors.middleware(projects), { global: true }),
      // Every answer is JSON with its tag, an unknown path's too.
      HttpRouter.add("*", "/*", HttpServerResponse.json({ _tag: "NotFound", message: "path: no such endpoint" }, { status: 404 })),
      // Every error answer is JSON with its tag (those of the layers below the handlers too), and every
      // answer carries the headers of ResponseHeaders.ts.
      HttpRouter.middleware((httpEffect) => ResponseHeaders.middleware(ErrorBodies.middleware(httpEffect)), { global: true })
    )
    let listening: Server | undefined
    const server = HttpRouter.serve(routes, { disableLogger: true, disableListenLog: true, routerConfig: { maxParamLength } }).pipe(
      Layer.provide(Layer.succeed(HttpIncomingMessage.MaxBodySize, maxBodySize)),
      // No span exporter is configured: a span per request would cost every answer and reach nobody.
      Layer.provide(Layer.succeed(References.TracerEnabled, false)),
      // One time for the whole server: what the handlers compute and what is kept in front of them agree.
      Layer.provide(Layer.succeed(Clock.Clock, clock)),
      Layer.provideMerge(NodeHttpServer.layer(() => {
        // A client that declares a body and never sends it (or trickles its headers) is cut off.
        const requestTimeout = (options.requestTimeoutSeconds ?? defaults.requestTimeoutSeconds) * 1000
        const headersTimeout = (options.headersTimeoutSeconds ?? defaults.headersTimeoutSeconds) * 1000
        // Node checks the timeouts on this interval (30 s by default): often enough that they hold.
        const connectionsCheckingInterval = Math.max(250, Math.min(requestTimeout, headersTimeout) / 2)
        const http = createServer({ requestTimeout, headersTimeout, connectionsCheckingInterval })
        listening = http
        ErrorBodies.answerClientErrors(http)
        return http
      }, { host: options.host ?? defaults.host, port: options.port ?? defaults.port }))
    )
    const runtime = ManagedRuntime.make(server)
    const address = await runtime.runPromise(Effect.map(HttpServer.HttpServer, (http) => http.address))
    // Kept responses are admitted against buckets in this process: with Postgres's shared buckets they
    // could never be served, so nothing is kept and every request goes through the guard.
    if (listening !== undefined && limits.known.takeNow !== undefined) {
      const admit = await Effect.runPromise(Effect.provide(ProjectGuardLive.makeAdmitAtOnce, services))
      KeptResponses.front(listening, KeptResponses.make({ maxBytes: keptResponseBytes, admit, clock, counted: operations.metrics.kept }))
    }
    if (listening !== undefined) {
      operations.observe(listening, ClientAddress.trusted(options.trustedProxies))
      graceful.watch(listening)
    }
    ownUrl = NetAddress.formatUrlUnsafe(address, "http").replace(/\/$/, "")
    const metrics = metricsEndpoint
    return {
      url: ownUrl,
      metricsUrl: metrics?.url,
      stop: stopOnce(graceful, (options.stopDeadlineSeconds ?? defaults.stopDeadlineSeconds) * 1000, async () => {
        await metrics?.stop()
        await runtime.dispose()
        await db.close()
      }, (line) => injected.log?.(line), clock)
    }
  } catch (error) {
    await metricsEndpoint?.stop()
    await db.close()
    throw error
  }
}
