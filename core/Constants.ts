/**
 * Every business number of the spec (section 9, and the timers of section 4) in one place.
 *
 * Convention: every duration is a plain number of milliseconds, named `…Millis`. A number is a
 * valid `Duration.Input` (Effect reads it as milliseconds), so these pass straight to
 * `Effect.sleep`, `Schedule.spaced`, `Effect.timeout` and friends.
 */

// ---------------------------------------------------------------------------------------------
// Timers and caches
// ---------------------------------------------------------------------------------------------

/** Only one email login trigger per 30 s. */
export const emailCooldownMillis = 30_000
/** Portfolio balance cache TTL. */
export const balanceCacheTtlMillis = 30_000
/** Native balance cache TTL. */
export const nativeBalanceCacheTtlMillis = 30_000
/** Name lookup (ENS-like) cache TTL: 5 min. */
export const nameCacheTtlMillis = 300_000
/** Identity cache TTL: 5 min. */
export const identityCacheTtlMillis = 300_000
/** After a failed token balance fetch, no retry for 30 s. */
export const tokenBalanceRetryGateMillis = 30_000
/** An open toast is hidden first; the new one shows after this delay. */
export const toastSwapDelayMillis = 150

/** While a send is pending, Activity reads the history again this often (not in the spec: a block or two). */
export const pendingRefreshMillis = 4_000

/** While the modal is open, the account's fingerprint on chain is read this often (core/features/AccountFollow.ts). */
export const accountFollowMillis = 4_000

/** History pages the NFTs tab reads at most to find every held NFT (not in the spec: 25 pages of history). */
export const nftHistoryPagesLimit = 25

/** How long a toast with `autoClose` stays (not in the spec: long enough to read two lines). */
export const toastAutoCloseMillis = 5_000
/** The modal shake animation length. */
export const shakeMillis = 500
/** Header text animation. */
export const headerTextAnimationMillis = 120
/** Modal height animation. */
export const modalHeightAnimationMillis = 150
/** View transition animation. */
export const viewTransitionAnimationMillis = 150
/** A WalletConnect pairing URI lives 4 min. */
export const pairingExpiryMillis = 240_000
/** A pairing with less than this left counts as expired. */
export const pairingExpiryThresholdMillis = 10_000
/** The WalletConnect network's public relay, used with the host's project id when no relay of its own is configured. */
export const walletConnectRelayUrl = "wss://relay.walletconnect.org"
/**
 * How long the WalletConnect view waits for a pairing URI. Without one by then the relay cannot be
 * reached (refused, blocked, offline): the view shows an error with a retry instead of loading for
 * ever. Counted from the click, so it covers loading the WalletConnect chunk and the relay handshake
 * (normally 1-3 s together).
 */
export const walletConnectUriTimeoutMillis = 15_000
/**
 * How long a Multichain API wallet may take to answer a request that asks the visitor nothing
 * (`wallet_getSession`, `wallet_revokeSession`): the RPC default. An extension that is absent, asleep or
 * too old never answers, and the page must not wait for ever.
 */
export const walletQuietAnswerMillis = 10_000
/**
 * How long a Multichain API wallet may take to answer a request the visitor approves (a session, a
 * signature): as long as WalletConnect lets a request wait (5 minutes), then the attempt ends.
 */
export const walletPromptAnswerMillis = 300_000
/** Default wait before a retry when the server gives no Retry-After. */
export const defaultRetryDelayMillis = 1_000
/**
 * Upper bound on any Retry-After we honour: a server (or a clock skew on an HTTP-date) must not be
 * able to park the modal for minutes. Chosen equal to the request timeout.
 */
export const retryAfterCapMillis = 30_000
/**
 * Attempts (first included) of an HTTP call under the retry policy. Not in the spec, which only asks
 * for a bound: chosen equal to the RPC transport's 3 attempts.
 */
export const httpRetryAttempts = 3
/** Default debounce for inputs (search fields). */
export const debounceMillis = 500
/** Wallet image preload gives up after 2 s. */
export const imagePreloadTimeoutMillis = 2_000
/** After the embedded frame's ready event, initialisation resolves after this wait. */
export const iframeReadyWaitMillis = 500
/**
 * How long after the social sign-in popup closed its answer may still arrive (the provider's page closes
 * itself once our server has the outcome, which the frame polls every 250 ms); after it, the attempt ends.
 */
export const socialWindowGraceMillis = 5_000
/** The embedded frame must load within 20 s (else iframe_load_failed). */
export const iframeLoadTimeoutMillis = 20_000
/** Timeout of connect email, device, otp, social and social redirect requests. */
export const requestTimeoutMillis = 30_000
/** Going back from ConnectingFarcaster without an address reloads the auth connector after this. */
export const farcasterBackDelayMillis = 100

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

/** Recent wallets kept, newest first. */
export const recentWalletsLimit = 2
/** Pending transactions limit. */
export const pendingTransactionsLimit = 99
/** Wallets fetched per page of the all-wallets list. */
export const walletsPageSize = 40
/** Recommended wallets shown. */
export const recommendedWalletsCount = 4
/** Entries fetched by a wallet search. */
export const walletSearchEntries = 100
/** Wait after the last keystroke before a wallet search runs. */
export const walletSearchWaitMillis = 300
/**
 * Swap slippage tolerance, in percent. The spec gives two readings (1, or "not shown"); we use 1.
 */
export const swapSlippageTolerance = 1

// ---------------------------------------------------------------------------------------------
// Onramp fallback limits (used when the onramp options call fails), USD and EUR alike
// ---------------------------------------------------------------------------------------------

export interface PaymentMethodLimit {
  readonly id: "card" | "ach_bank_account"
  readonly min: string
  readonly max: string
}

/** Card and bank account (ach) limits, decimal strings as the onramp API gives them. */
export const onrampFallbackPaymentMethodLimits: ReadonlyArray<PaymentMethodLimit> = [
  { id: "card", min: "10.00", max: "7500.00" },
  { id: "ach_bank_account", min: "10.00", max: "25000.00" }
]
/** Payment currencies that get the fallback limits. */
export const onrampFallbackPaymentCurrencies: ReadonlyArray<"USD" | "EUR"> = ["USD", "EUR"]

// ---------------------------------------------------------------------------------------------
// RPC transport
// ---------------------------------------------------------------------------------------------

/** Default RPC request timeout. */
export const rpcTimeoutMillis = 10_000
/** JSON-RPC batch size. */
export const rpcBatchSize = 1_000
/** RPC attempts in total (first try included). */
export const rpcRetryAttempts = 3
/** First RPC retry delay; it doubles on every further retry. */
export const rpcRetryBaseDelayMillis = 150
/** RPC retry delay growth factor. */
export const rpcRetryFactor = 2
/** Request dedupe cache size (entries). */
export const rpcDedupeCacheSize = 8_192
/** Fallback transport ranking: ping samples kept per transport. */
export const rpcRankingSampleCount = 10
/** Fallback transport ranking: ping timeout. */
export const rpcRankingTimeoutMillis = 1_000
/** Fallback transport ranking: weight of stability (success ratio). */
export const rpcRankingStabilityWeight = 0.7
/** Fallback transport ranking: weight of latency. */
export const rpcRankingLatencyWeight = 0.3
/** Fallback transport ranking: interval between pings. */
export const rpcRankingIntervalMillis = 4_000

// ---------------------------------------------------------------------------------------------
// Display and defaults
// ---------------------------------------------------------------------------------------------

/** Locale number format: decimals by default. */
export const defaultDisplayDecimals = 2
/** Balances are truncated to 3 decimals. */
export const balanceDisplayDecimals = 3
/** Token balances are truncated to 2 decimals. */
export const tokenBalanceDisplayDecimals = 2
/** Activity amounts show 3 decimals. */
export const activityDisplayDecimals = 3
/** Default log level. */
export const defaultLogLevel = "error" as const
/** In-memory log buffer size, bytes. */
export const logBufferBytes = 1_024_000
/** The modal's width, CSS pixels. */
export const modalWidthPx = 360

/** Feature flags and their defaults: on unless listed off. */
export const defaultFeatures = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  pay: false
} as const

/** Social login providers offered by default, in display order. */
export const defaultSocials = ["google", "x", "discord", "farcaster", "github", "apple", "facebook"] as const

/** Order of the wallet features on the account view. */
export const walletFeatureOrder = ["onramp", "swaps", "receive", "send"] as const
