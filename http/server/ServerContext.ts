/**
 * Everything the handlers share, resolved once at start: options with defaults, the balance reader,
 * the rate limiter and the repository.
 */
import * as Context from "effect/Context"
import type { BalanceReader, FungibleInfo } from "./Balances.ts"
import type { ProjectDirectory } from "./ProjectDirectory.ts"
import type { Limiter } from "./RateLimiter.ts"
import type { SolanaHistoryReader } from "./SolanaHistory.ts"
import type { TokenImages } from "./TokenImages.ts"
import type { EvmHistory } from "./explorer/ExplorerHistory.ts"
import type { Onramp } from "./onramp/Onramp.ts"

export class ServerContext extends Context.Service<ServerContext, {
  readonly balances: BalanceReader
  /** The onramp providers' offers and purchases; undefined without ServerOptions.onramp (the endpoints answer 501). */
  readonly onramp: Onramp | undefined
  /** EVM history through each chain's explorer (explorer/ExplorerHistory.ts). */
  readonly history: EvmHistory
  readonly solanaHistory: SolanaHistoryReader | undefined
  readonly fungibles: ReadonlyMap<string, FungibleInfo>
  /** In memory with PGlite; in Postgres (shared by every process) with a database URL. */
  readonly rateLimiter: Limiter
  /** The same, for requests with an unknown project id (ServerOptions.unknownProjectRateLimit). */
  readonly unknownProjectLimiter: Limiter
  readonly nameZone: string
  /** ServerOptions.publicUrl, without a trailing slash. */
  readonly publicUrl: string | undefined
  /** The URL the server listens on (known once it is bound). */
  readonly ownUrl: () => string
  /**
   * The origins of pages this server serves itself (the embedded wallet's frame): the one it listens on,
   * and those of `publicUrl` and `embedded.publicUrl`. The project guard admits them like allowed origins.
   */
  readonly ownOrigins: () => ReadonlyArray<string>
  readonly registrationMaxAgeSeconds: number
  readonly tokenImages: TokenImages
  /** Every project, in memory (ProjectDirectory.ts). */
  readonly projects: ProjectDirectory
  /** Normalised addresses of the proxies whose X-Forwarded-For is believed (ClientAddress.ts). */
  readonly trustedProxies: ReadonlySet<string>
}>()("portico/http/server/ServerContext") {}
