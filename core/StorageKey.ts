/**
 * The local storage keys of the spec (section 3), each with its Schema and its default. Values are
 * stored as JSON strings; a missing, corrupt or foreign value reads as the default.
 */
import * as Schema from "effect/Schema"
import { PreferredAccountTypes } from "./AccountState.ts"
import { CaipNetworkId, ChainNamespace } from "./Caip.ts"
import { IdentityCache, NameLookupCache, NativeBalanceCache, PortfolioBalanceCache } from "./CachedItem.ts"
import * as RecentWallets from "./RecentWallets.ts"
import { SignInSession } from "./SignInSession.ts"
import { SocialProvider } from "./SocialProvider.ts"
import * as StorageName from "./StorageName.ts"
import { WalletListEntry } from "./WalletListEntry.ts"

export interface StorageKey<A> {
  /** The localStorage key. */
  readonly name: string
  /** JSON string <-> value. */
  readonly codec: Schema.Codec<A, string>
  readonly defaultValue: A
}

/** Every key lives under this prefix, so clearing ours never touches the host site's keys. */
export const prefix = StorageName.prefix

/** A key stored under its full localStorage name. */
const at = <A, I>(name: string, schema: Schema.Codec<A, I>, defaultValue: A): StorageKey<A> => ({
  name,
  codec: Schema.fromJsonString(schema),
  defaultValue
})

export const make = <A, I>(name: string, schema: Schema.Codec<A, I>, defaultValue: A): StorageKey<A> =>
  at(StorageName.of(name), schema, defaultValue)

const NullableString = Schema.NullOr(Schema.String)

/** The name of a Sign client's kept state, one per role (walletconnect/SignState.ts holds its schema). */
export const signClientName = (role: "dapp" | "wallet") => `wc_${role}`

/**
 * The dapp Sign client's kept state as far as a page reads it before loading the client: when its proposals
 * awaiting a wallet expire (seconds since the epoch). A page discarded while the visitor approved in a phone's
 * wallet resumes only when one is still live.
 */
export const walletConnectProposals = make(
  signClientName("dapp"),
  Schema.NullOr(Schema.Struct({ proposals: Schema.optionalKey(Schema.Array(Schema.Struct({ expiry: Schema.Number }))) })),
  null
)

/** Id of the connected wallet (registry id or connector id). */
export const walletId = make("wallet_id", NullableString, null)
/** Name of the connected wallet. */
export const walletName = make("wallet_name", NullableString, null)
/** The social provider (or farcaster) the embedded wallet was connected with. */
export const connectedSocial = make(
  "connected_social",
  Schema.NullOr(Schema.Union([SocialProvider, Schema.Literal("farcaster")])),
  null
)
/** The username of that social account. */
export const connectedSocialUsername = make("connected_social_username", NullableString, null)
/** Recent wallets, newest first (see RecentWallets). */
export const recentWallets = at(RecentWallets.storageName, Schema.Array(WalletListEntry), [])
/** The active network. */
export const activeCaipNetworkId = make("active_caip_network_id", Schema.NullOr(CaipNetworkId), null)
/** The active chain namespace. */
export const activeNamespace = make("active_namespace", Schema.NullOr(ChainNamespace), null)
/** Whether a session was connected when the page was left (drives restore after reload). */
export const connectionStatus = make(
  "connection_status",
  Schema.Literals(["connected", "disconnected"]),
  "disconnected"
)
/** Sign-in (SIWX) sessions. */
export const siwxSessions = make("siwx_sessions", Schema.Array(SignInSession), [])
/** Native balance cache by address. */
export const nativeBalanceCache = make("native_balance_cache", NativeBalanceCache, {})
/** Portfolio (token balances) cache by address. */
export const portfolioCache = make("portfolio_cache", PortfolioBalanceCache, {})
/** Name (ENS-like) lookup cache by name. */
export const ensCache = make("ens_cache", NameLookupCache, {})
/** Identity cache by address. */
export const identityCache = make("identity_cache", IdentityCache, {})
/** Preferred account type per chain namespace. */
export const preferredAccountTypes = make("preferred_account_types", PreferredAccountTypes, {})
/** Whether the visitor logged in with email (embedded wallet). */
export const emailLogin = make("email_login", Schema.Boolean, false)
/** Epoch ms of the last email login trigger (the 30 s cooldown survives a reload). */
export const lastEmailLoginTime = make("last_email_login_time", Schema.NullOr(Schema.Finite), null)
/** The network last used, to reconnect to it. */
export const lastUsedChain = make("last_used_chain", Schema.NullOr(CaipNetworkId), null)
/** Chain ids where smart accounts are enabled (empty on a load error). */
export const smartAccountEnabledNetworks = make("smart_account_enabled_networks", Schema.Array(Schema.Int), [])

/** The Mobile Wallet Adapter's authorization: its auth_token, the chain it was issued for and the accounts, to reauthorize after a reload. */
export const mobileWalletAuthorization = make(
  "mobile_wallet_authorization",
  Schema.NullOr(Schema.Struct({
    authToken: Schema.String,
    chain: Schema.String,
    accounts: Schema.Array(Schema.Struct({ address: Schema.String, label: Schema.optionalKey(Schema.String) }))
  })),
  null
)

/** Every key, for clearing and for the tests. */
export const all: ReadonlyArray<StorageKey<unknown>> = [
  walletId,
  walletName,
  connectedSocial,
  connectedSocialUsername,
  recentWallets,
  activeCaipNetworkId,
  activeNamespace,
  connectionStatus,
  siwxSessions,
  nativeBalanceCache,
  portfolioCache,
  ensCache,
  identityCache,
  preferredAccountTypes,
  emailLogin,
  lastEmailLoginTime,
  lastUsedChain,
  smartAccountEnabledNetworks,
  mobileWalletAuthorization
]
