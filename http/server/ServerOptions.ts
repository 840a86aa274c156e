/**
 * What `startApiServer` accepts: where to listen, which chains to read, the price table, the database
 * and the projects. Every field is plain data so the sandbox (and a host) can fill it from JSON or env.
 */

export interface EvmToken {
  /** 0x contract address */
  readonly address: string
  readonly symbol: string
  readonly name: string
  readonly decimals: number
}

export interface EvmChainOptions {
  readonly chainId: number
  readonly rpcUrl: string
  readonly name?: string
  /** Defaults to Ether (ETH, 18 decimals). */
  readonly nativeCurrency?: { readonly name: string; readonly symbol: string; readonly decimals: number }
  /** The ERC20 tokens whose balances the server reads on this chain. */
  readonly tokens?: ReadonlyArray<EvmToken>
}

export interface SolanaMint {
  /** base58 mint address */
  readonly address: string
  readonly symbol: string
  readonly name: string
  readonly decimals: number
}

export interface SolanaOptions {
  readonly rpcUrl: string
  /** CAIP-2 id of the cluster, e.g. `solana:` + the first 32 characters of its genesis hash. */
  readonly caipNetworkId: string
  readonly mints?: ReadonlyArray<SolanaMint>
}

export interface ProjectOptions {
  /** Exact origins (`https://app.example.com`) or wildcards (`https://*.example.com`, `*`). */
  readonly allowedOrigins: ReadonlyArray<string>
  /** Analytics is off unless a project turns it on. */
  readonly analyticsEnabled?: boolean
}

export interface RateLimitOptions {
  /** Requests allowed per project + client address in each window (the bucket's capacity). */
  readonly requests: number
  readonly perSeconds: number
}

export interface ServerOptions {
  /** Default 127.0.0.1. */
  readonly host?: string
  /** Default 8790; 0 picks an ephemeral port. */
  readonly port?: number
  readonly evm?: ReadonlyArray<EvmChainOptions>
  readonly solana?: SolanaOptions
  /**
   * USD prices keyed by asset: a token's CAIP-10 id (`eip155:31337:0xabc…`, `solana:<ref>:<mint>`) or a
   * chain's native currency as `<caip2>:native`. An asset missing here has no price in answers.
   */
  readonly prices?: Readonly<Record<string, number>>
  /** Postgres connection URL; wins over dataDir. */
  readonly databaseUrl?: string
  /** PGlite data directory; when neither this nor databaseUrl is given, the database lives in memory. */
  readonly dataDir?: string
  /** projectId → its allowlist and analytics switch; upserted into the database at start. */
  readonly projects?: Readonly<Record<string, ProjectOptions>>
  /** Default 300 requests per 60 s per project + client address. */
  readonly rateLimit?: RateLimitOptions
  /** Suffix of registered names. Default `.portico.id`. */
  readonly nameZone?: string
  /** Registration messages older than this are refused (replay window). Default 600 s. */
  readonly registrationMaxAgeSeconds?: number
}

export const defaults = {
  host: "127.0.0.1",
  port: 8790,
  rateLimit: { requests: 300, perSeconds: 60 },
  nameZone: ".portico.id",
  registrationMaxAgeSeconds: 600
} as const
