/**
 * What `startApiServer` accepts: where to listen, which chains to read, the price table, the database
 * and the projects. A Schema, so `portico-server` (http/cli/) validates the same shape from a JSON file.
 */
import * as Schema from "effect/Schema"
import { EnsOptions, PriceFeedOptions, SwapVenueOptions, TwapOptions } from "./NetworkOptions.ts"
import { WalletSeedEntry } from "./WalletSeed.ts"
import { FarcasterOptions } from "./embedded/FarcasterOptions.ts"
import { SocialOptions } from "./embedded/SocialOptions.ts"
import { ExplorerOptions, TokenListSource } from "./explorer/ExplorerOptions.ts"

export const EvmToken = Schema.Struct({
  /** 0x contract address */
  address: Schema.String,
  symbol: Schema.String,
  name: Schema.String,
  decimals: Schema.Int
})
export type EvmToken = typeof EvmToken.Type

export const EvmCollection = Schema.Struct({
  /** 0x ERC721 contract address */
  address: Schema.String,
  name: Schema.String,
  symbol: Schema.String,
  /** History flags this collection's transfers as spam NFTs (the modal drops them, spec section 5). */
  spam: Schema.Boolean
})
export type EvmCollection = typeof EvmCollection.Type

export const EvmChainOptions = Schema.Struct({
  chainId: Schema.Int,
  rpcUrl: Schema.String,
  name: Schema.optionalKey(Schema.String),
  /** Defaults to Ether (ETH, 18 decimals). */
  nativeCurrency: Schema.optionalKey(Schema.Struct({ name: Schema.String, symbol: Schema.String, decimals: Schema.Int })),
  /** The ERC20 tokens whose balances the server always reads on this chain (verified, with their prices). */
  tokens: Schema.optionalKey(Schema.Array(EvmToken)),
  /** ERC721 collections history names and flags (a spam collection's NFTs are dropped, spec section 5). */
  collections: Schema.optionalKey(Schema.Array(EvmCollection)),
  /** Chainlink feeds pricing the native currency and tokens (NetworkOptions.ts); an asset without one has no price unless `twap` gives one. */
  priceFeeds: Schema.optionalKey(Schema.Array(PriceFeedOptions)),
  /** Uniswap v2 and v3 venues the convert API quotes and builds against; without them the chain has no swaps. */
  swapVenues: Schema.optionalKey(SwapVenueOptions),
  /** Prices tokens without a feed from the first v3 venue's pools against `quoteToken`. */
  twap: Schema.optionalKey(TwapOptions),
  /** ENS on this chain: names, reverse names and avatars for every EVM address. */
  ens: Schema.optionalKey(EnsOptions),
  /**
   * The chain's Etherscan-compatible explorer API (explorer/ExplorerOptions.ts): history and token
   * discovery read through it. Without one the chain has no history.
   */
  explorer: Schema.optionalKey(ExplorerOptions),
  /**
   * Smart accounts on this chain: the ERC-4337 bundler (EntryPoint v0.8) the chain RPC endpoint sends
   * user operations to, and the host's ERC-7677 sponsorship service, whose URL carries the host's key (the
   * server calls it; pages only see the chain RPC endpoint). Without it the chain has no smart accounts.
   */
  accountAbstraction: Schema.optionalKey(Schema.Struct({
    bundlerUrl: Schema.String,
    paymasterUrl: Schema.optionalKey(Schema.String)
  }))
})
export type EvmChainOptions = typeof EvmChainOptions.Type

export const SolanaMint = Schema.Struct({
  /** base58 mint address */
  address: Schema.String,
  symbol: Schema.String,
  name: Schema.String,
  decimals: Schema.Int
})
export type SolanaMint = typeof SolanaMint.Type

/** A Pyth push-oracle price feed account (`PriceUpdateV2`) giving one asset's USD price (http/server/solana/PythPrices.ts). */
export const PythFeed = Schema.Struct({
  /** `native` (SOL) or a configured mint's address. */
  asset: Schema.String,
  /** The feed's account (base58), owned by the Pyth Solana Receiver program. */
  account: Schema.String,
  /** Pyth's feed id, 32 bytes hex (`0x…`): the account must carry this feed. */
  feedId: Schema.String.check(Schema.isPattern(/^(0x)?[0-9a-fA-F]{64}$/)),
  /** A price published longer ago than this is no price. Default 60. */
  maxAgeSeconds: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThan(0))),
  /** A price whose confidence interval is wider than this share of it is no price. Default 0.02. */
  maxConfidenceRatio: Schema.optionalKey(Schema.Finite.check(Schema.isGreaterThan(0)))
})
export type PythFeed = typeof PythFeed.Type

export const PythOptions = Schema.Struct({
  /** The Pyth Solana Receiver program that must own every feed account. Default rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ. */
  receiverProgram: Schema.optionalKey(Schema.String),
  feeds: Schema.Array(PythFeed)
})
export type PythOptions = typeof PythOptions.Type

/** A Jupiter-compatible swap API (`GET {apiUrl}/quote`, `POST {apiUrl}/swap`): Jupiter's hosted one or a self-hosted one. */
export const JupiterOptions = Schema.Struct({
  /** e.g. https://lite-api.jup.ag/swap/v1 */
  apiUrl: Schema.String.check(Schema.isPattern(/^https?:\/\/[^\s?#]+$/)),
  /** Sent as `x-api-key` (Jupiter's paid tier); server only. */
  apiKey: Schema.optionalKey(Schema.String),
  /** Slippage tolerance in basis points. Default 100 (1 %, spec §9). */
  slippageBps: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThan(0)))
})
export type JupiterOptions = typeof JupiterOptions.Type

export const SolanaOptions = Schema.Struct({
  rpcUrl: Schema.String,
  /** CAIP-2 id of the cluster: `solana:` + the first 32 characters of its genesis hash. */
  caipNetworkId: Schema.String,
  mints: Schema.optionalKey(Schema.Array(SolanaMint)),
  /** USD prices from Pyth's price feed accounts, read through `rpcUrl`; they win over `prices` for their assets. */
  pyth: Schema.optionalKey(PythOptions),
  /** Swaps on this cluster through a Jupiter-compatible API. */
  jupiter: Schema.optionalKey(JupiterOptions)
})
export type SolanaOptions = typeof SolanaOptions.Type

export const ProjectOptions = Schema.Struct({
  /**
   * Exact origins (`https://app.example.com`), wildcards (`https://*.example.com`, see
   * core/OriginAllowlist.ts), or `*` for every origin.
   */
  allowedOrigins: Schema.Array(Schema.String),
  /** Analytics is off unless a project turns it on. */
  analyticsEnabled: Schema.optionalKey(Schema.Boolean)
})
export type ProjectOptions = typeof ProjectOptions.Type

export const RateLimitOptions = Schema.Struct({
  /** Requests allowed per project + client address in each window (the bucket's capacity). */
  requests: Schema.Int,
  perSeconds: Schema.Finite
})
export type RateLimitOptions = typeof RateLimitOptions.Type

/** A provider's id in answers and in `/v1/onramp/webhook/{id}` (letters, digits, `-`). */
const ProviderId = Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,40}$/))

/** An http(s) base URL (https except on loopback is the host's call: the sandbox serves plain http). */
const BaseUrl = Schema.String.check(Schema.isPattern(/^https?:\/\/[^\s?#]+$/))

/** MoonPay (http/server/onramp/MoonPay.ts): the keys of its dashboard's Developers page. */
export const MoonPayOptions = Schema.Struct({
  kind: Schema.Literal("moonpay"),
  /** Default `moonpay`. */
  id: Schema.optionalKey(ProviderId),
  /** Default `MoonPay`. */
  name: Schema.optionalKey(Schema.String),
  /** Default https://api.moonpay.com. */
  apiUrl: Schema.optionalKey(BaseUrl),
  /** The buy widget. Default https://buy.moonpay.com. */
  widgetUrl: Schema.optionalKey(BaseUrl),
  /** `pk_…`: quotes and the widget. */
  publishableKey: Schema.String.check(Schema.isMinLength(1)),
  /** `sk_…`: signs widget URLs and reads transactions. Server only. */
  secretKey: Schema.String.check(Schema.isMinLength(1)),
  /** Verifies webhooks (`Moonpay-Signature-V2`). Server only. */
  webhookKey: Schema.String.check(Schema.isMinLength(1))
})
export type MoonPayOptions = typeof MoonPayOptions.Type

/** Coinbase Onramp (http/server/onramp/Coinbase.ts): a CDP secret API key. */
export const CoinbaseOptions = Schema.Struct({
  kind: Schema.Literal("coinbase"),
  /** Default `coinbase`. */
  id: Schema.optionalKey(ProviderId),
  /** Default `Coinbase`. */
  name: Schema.optionalKey(Schema.String),
  /** Default https://api.developer.coinbase.com/onramp. */
  apiUrl: Schema.optionalKey(BaseUrl),
  /** The hosted checkout. Default https://pay.coinbase.com. */
  payUrl: Schema.optionalKey(BaseUrl),
  /** The CDP API key's id (its name). */
  keyName: Schema.String.check(Schema.isMinLength(1)),
  /** The CDP API key's secret: an EC P-256 PEM (ES256) or the base64 Ed25519 key (EdDSA). Server only. */
  keySecret: Schema.String.check(Schema.isMinLength(1)),
  /** Where visitors buy from, for options and quotes (ISO 3166-1). Default `US`. */
  country: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/))),
  subdivision: Schema.optionalKey(Schema.String)
})
export type CoinbaseOptions = typeof CoinbaseOptions.Type

export const OnrampProviderOptions = Schema.Union([MoonPayOptions, CoinbaseOptions])
export type OnrampProviderOptions = typeof OnrampProviderOptions.Type

export const OnrampOptions = Schema.Struct({
  /** Quotes and checkouts use the first unless a request names another; ids must differ. */
  providers: Schema.Array(OnrampProviderOptions).check(Schema.isMinLength(1))
})
export type OnrampOptions = typeof OnrampOptions.Type

/** 32 bytes, hex; random (SafeConfiguration.ts refuses a weak one at start). */
const Key = Schema.String.check(Schema.isPattern(/^[0-9a-fA-F]{64}$/, { message: "must be 32 random bytes as 64 hex digits (openssl rand -hex 32)" }))

export const SmtpOptions = Schema.Struct({
  host: Schema.String,
  port: Schema.Int,
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. Default false. */
  secure: Schema.optionalKey(Schema.Boolean),
  auth: Schema.optionalKey(Schema.Struct({ user: Schema.String, pass: Schema.String })),
  /** The sender, e.g. `Portico <login@example.com>`. */
  from: Schema.String
})
export type SmtpOptions = typeof SmtpOptions.Type

export const EmbeddedOptions = Schema.Struct({
  /** Signs the sessions' access tokens (HS256) and keys the stored codes' HMAC. Required, random, not `shareKey`. */
  sessionKey: Key,
  /** Encrypts the stored auth shares (AES-256-GCM). Losing it loses every auth share. Required, random. */
  shareKey: Key,
  smtp: SmtpOptions,
  /** The URL visitors reach this server on: the links in mails start with it (never with a request's Host). */
  publicUrl: Schema.String.check(Schema.isPattern(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/)),
  /** Social login: the providers offered (embedded/SocialOptions.ts); redirect URI `<publicUrl>/v1/embedded/social/callback`. */
  social: Schema.optionalKey(SocialOptions),
  /** Sign In With Farcaster (embedded/FarcasterOptions.ts): the Farcaster Auth relay and where the IdRegistry is read. */
  farcaster: Schema.optionalKey(FarcasterOptions),
  /**
   * The built frame/app folder (sandbox/web/Build.ts `framePage`): its frame and panel pages are served at
   * `/embedded/frame` and `/embedded/panel` (embedded/FramePages.ts); without it they are not served.
   */
  frameAssets: Schema.optionalKey(Schema.String)
})
export type EmbeddedOptions = typeof EmbeddedOptions.Type

/** Smart sessions (SmartSessions.ts): the relayer that sends visitors' signed revocations. */
export const SessionsOptions = Schema.Struct({
  /**
   * The relayer account's secp256k1 key (0x and 64 hex digits), funded with gas on each EVM chain: it
   * sends the revocations visitors sign, so they pay nothing. Server only; never logged.
   */
  relayerKey: Schema.String
})
export type SessionsOptions = typeof SessionsOptions.Type

export const ServerOptions = Schema.Struct({
  /** Default 127.0.0.1. */
  host: Schema.optionalKey(Schema.String),
  /** Default 8790; 0 picks an ephemeral port. */
  port: Schema.optionalKey(Schema.Int),
  /** The URL clients reach the server on (behind a proxy); image links in answers start with it. Default: the request's Host. */
  publicUrl: Schema.optionalKey(Schema.String),
  evm: Schema.optionalKey(Schema.Array(EvmChainOptions)),
  solana: Schema.optionalKey(SolanaOptions),
  /**
   * Fixed USD prices keyed by asset: a token's CAIP-10 id (`eip155:1:0xabc…`, `solana:<ref>:<mint>`) or a
   * chain's native currency as `<caip2>:native`. Only for assets no on-chain oracle prices (EVM assets take
   * theirs from `priceFeeds` and `twap`, which this overrides); an asset priced by neither has no price.
   */
  prices: Schema.optionalKey(Schema.Record(Schema.String, Schema.Finite)),
  /** Postgres connection URL; wins over dataDir. */
  databaseUrl: Schema.optionalKey(Schema.String),
  /** PGlite data directory; when neither this nor databaseUrl is given, the database lives in memory. */
  dataDir: Schema.optionalKey(Schema.String),
  /** projectId → its allowlist and analytics switch; upserted into the database at start. */
  projects: Schema.optionalKey(Schema.Record(Schema.String, ProjectOptions)),
  /** Registry entries added after the curated ones (http/server/WalletSeed.ts); upserted at start. */
  wallets: Schema.optionalKey(Schema.Array(WalletSeedEntry)),
  /** Default 300 requests per 60 s per project + client address. */
  rateLimit: Schema.optionalKey(RateLimitOptions),
  /**
   * Requests with an unknown project id per client address. A client over it is answered 429 and the
   * connection that carried the request is not read again until its Retry-After has passed. Default
   * 30 per 60 s: a real page asks with its own project id, a flood with made-up ones.
   */
  unknownProjectRateLimit: Schema.optionalKey(RateLimitOptions),
  /** Suffix of registered names. Default `.portico.id`. */
  nameZone: Schema.optionalKey(Schema.String),
  /** Registration messages older (or newer) than this are refused. Default 600 s. */
  registrationMaxAgeSeconds: Schema.optionalKey(Schema.Finite),
  /**
   * The token list's images: a symbol or currency code (`USDC`, `ETH`, `USD`) → an image file path (SVG,
   * PNG, JPEG, WebP) or a base64 `data:image/…` URL. Served by /public/getTokenImage/{id} and
   * /public/getCurrencyImage/{id}; ids without an image get a generated monogram.
   */
  tokenImages: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  /**
   * The proxies in front of this server (their addresses as the socket sees them). Only from these is
   * X-Forwarded-For believed when rate limits key on the client's address.
   */
  trustedProxies: Schema.optionalKey(Schema.Array(Schema.String)),
  /** A request whose body has not fully arrived this long after it started is answered 408 (default 15). */
  requestTimeoutSeconds: Schema.optionalKey(Schema.Finite),
  /** A request whose headers have not fully arrived this long after it started is answered 408 (default 10). */
  headersTimeoutSeconds: Schema.optionalKey(Schema.Finite),
  /**
   * How long a graceful stop (`ApiServer.stop`, SIGTERM to `portico-server`) lets the requests already received
   * finish before it cuts them (default 10). The listener closes and `/readyz` answers 503 at once.
   */
  stopDeadlineSeconds: Schema.optionalKey(Schema.Finite.check(Schema.isGreaterThan(0))),
  /** The onramp providers (buy crypto); without them the onramp endpoints answer 501. */
  onramp: Schema.optionalKey(OnrampOptions),
  /** Smart sessions' relayer; without it `POST /v1/sessions/{id}/revoke` answers 501 (reading sessions needs only `evm`). */
  sessions: Schema.optionalKey(SessionsOptions),
  /**
   * The embedded wallet's email login, sessions and key shares; without it those endpoints answer 501.
   * With it the server refuses to start (SafeConfiguration.ts, `UnsafeConfigurationError`) on a project
   * whose allowlist holds `*` or admits the wallet's own origin, and on a missing or weak key.
   */
  embedded: Schema.optionalKey(EmbeddedOptions),
  /**
   * For a server on this machine only (the sandbox, a developer's): lets projects keep `*` allowlists while
   * the embedded wallet is on, where `*` admits loopback pages only (embedded/AnyOrigin.ts). Refused unless
   * `host`, `publicUrl` and `embedded.publicUrl` are all loopback. Default false.
   */
  allowUnsafeLocalOrigins: Schema.optionalKey(Schema.Boolean),
  /**
   * The tokens discovery shows as verified: a token list in the Uniswap format, at an http(s) URL or in a
   * file (explorer/TokenList.ts). Without one every discovered token is flagged unverified.
   */
  tokenList: Schema.optionalKey(TokenListSource),
  /**
   * Serves Prometheus metrics at `/metrics` on this port of `host` (0 picks one), apart from the API's
   * port so that only the operator's scraper reaches them. Without it no metrics are served.
   */
  metricsPort: Schema.optionalKey(Schema.Int),
  /**
   * Request log lines (ServerRuntime.log) also carry the request's path and the client's address, which
   * name visitors (their wallet addresses, their IP). Default false.
   */
  logAddresses: Schema.optionalKey(Schema.Boolean)
})
export type ServerOptions = typeof ServerOptions.Type

export const defaults = {
  host: "127.0.0.1",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  port: 8790,
  rateLimit: { requests: 300, perSeconds: 60 },
  unknownProjectRateLimit: { requests: 30, perSeconds: 60 },
  nameZone: ".portico.id",
  registrationMaxAgeSeconds: 600,
  requestTimeoutSeconds: 15,
  headersTimeoutSeconds: 10,
  stopDeadlineSeconds: 10
} as const
