/**
 * What the modal reads from Portico's server (spec §7), declared here in core's own schemas so that
 * core never depends on how it is fetched. `http/client/Backend.ts` implements it over the HTTP
 * contracts; `layerNotConfigured` is what a host without an `apiUrl` gets: every read fails with
 * `BackendNotConfiguredError`, which the views render like any other failure.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type { SignInRefusedError } from "./signin/SignInProvider.ts"
import type * as Caip from "./Caip.ts"
import { fixed } from "./FixedMessage.ts"
import type * as Identity from "./Identity.ts"
import type * as Name from "./Name.ts"
import type * as Onramp from "./Onramp.ts"
import type { RevokeSessionRequest, SmartSession } from "./permissions/SmartSession.ts"
import type * as Swap from "./swap/Swap.ts"
import type * as TokenBalance from "./TokenBalance.ts"
import type * as Transaction from "./Transaction.ts"
import type * as WalletListEntry from "./WalletListEntry.ts"

/** An account on one network: whose balances and history are asked for. */
export interface AccountOnNetwork {
  readonly address: string
  readonly caipNetworkId: Caip.CaipNetworkId | string
}

export interface WalletQuery {
  /** Starts at 1. */
  readonly page: number
  /** Empty for the plain list; a search asks for up to 100 entries (spec §9). */
  readonly search: string
  /** Only wallets supporting one of these CAIP-2 networks. */
  readonly chains: ReadonlyArray<string>
}

/** A swap asked about: `amount` base units of `from` for `to` (CAIP-10 ids), for `userAddress`. */
export interface SwapQuery {
  readonly amount: bigint
  readonly from: string
  readonly to: string
  readonly userAddress: string
}

/** A quote asked for: `amount` of `paymentCurrency` (decimal text) for `purchaseCurrency` on `network`. */
export interface OnrampQuoteQuery {
  readonly purchaseCurrency: string
  readonly paymentCurrency: string
  readonly amount: string
  /** The network's name in the options (`ethereum`, `base`…). */
  readonly network: string
  readonly provider: string
}

/** A checkout asked for: `fiatAmount` of `paymentCurrency` buys `symbol` for `address` on `network`. */
export interface OnrampCheckout {
  readonly address: string
  readonly network: string
  readonly symbol: string
  readonly fiatAmount: string
  readonly paymentCurrency: string
  readonly provider: string
}

/** A sign-in session our server keeps: its id is the SHA-256 of the signature. */
export interface SignInRecord {
  readonly id: string
  readonly chainId: string
  readonly address: string
  readonly expiresAt: string
}

/** Where a browser reaches our server by itself (an `<img src>`, a chain transport), built from the contracts. */
export interface ServerUrls {
  /** The chain RPC endpoint for a network (spec §7). */
  readonly chainRpc: (caipNetworkId: string) => string
  /** A token's image by symbol. */
  readonly tokenImage: (symbol: string) => string
  /** A registry wallet's image by its image id. */
  readonly walletImage: (imageId: string) => string
  /** A network's or a native asset's image by its image id (core/NetworkImage.ts). */
  readonly assetImage: (imageId: string) => string
}

export class Backend extends Context.Service<Backend, {
  /** Our server's own URLs; undefined without an API URL. */
  readonly urls: ServerUrls | undefined
  /** Balances of an account on its network; `force` bypasses the 30 s cache (and refreshes it). */
  readonly balances: (
    account: AccountOnNetwork,
    options?: { readonly force?: boolean }
  ) => Effect.Effect<TokenBalance.Balances, BackendError>
  /** One page of the account's history, newest first. */
  readonly history: (account: AccountOnNetwork, cursor: string | undefined) => Effect.Effect<Transaction.History, BackendError>
  /** The profile name and avatar of an address, cached 5 min; `force` asks past the cache (after a registration). */
  readonly identity: (address: string, options?: { readonly force?: boolean }) => Effect.Effect<Identity.Identity, BackendError>
  /** One page of the wallet registry. */
  readonly wallets: (query: WalletQuery) => Effect.Effect<WalletListEntry.WalletPage, BackendError>
  /** The account a name points to, or that nobody registered it; cached 5 min. */
  readonly lookupName: (name: string) => Effect.Effect<Name.NameLookupAnswer, BackendError>
  /** Every name an address registered, cached 5 min. */
  readonly namesOf: (address: string) => Effect.Effect<ReadonlyArray<Name.NameAccount>, BackendError>
  /** Names close to `label` in `zone`, each saying whether it is taken. */
  readonly nameSuggestions: (label: string, zone: string) => Effect.Effect<Name.NameSuggestions, BackendError>
  /** Registers a name with the signed message (spec §7 POST /v1/profile/account). */
  readonly registerName: (request: typeof Name.RegisterNameRequest.Type) => Effect.Effect<Name.RegisterNameResult, BackendError>
  /** A fresh single-use sign-in nonce. */
  readonly signInNonce: () => Effect.Effect<string, BackendError>
  /** Verifies a signed sign-in message for this page and keeps it as a session. */
  readonly addSignInSession: (
    signed: { readonly message: string; readonly signature: string }
  ) => Effect.Effect<SignInRecord, BackendError | SignInRefusedError>
  /** The session with that id while it is valid; undefined once revoked or expired. */
  readonly signInSession: (id: string) => Effect.Effect<SignInRecord | undefined, BackendError>
  readonly revokeSignInSession: (id: string) => Effect.Effect<void, BackendError>
  /** The networks (CAIP-2) the server's swap venues cover. */
  readonly swapNetworks: () => Effect.Effect<ReadonlyArray<string>, BackendError>
  /** The tokens a network swaps; a network without swaps is a 400 'Network not supported for Swaps'. */
  readonly swapTokens: (caipNetworkId: string) => Effect.Effect<ReadonlyArray<Swap.SwapToken>, BackendError>
  /** What swapping `amount` base units of `from` for `to` returns now. */
  readonly swapQuote: (query: SwapQuery) => Effect.Effect<Swap.SwapQuote, BackendError>
  /** How much of `token` the router may spend for `owner`: the router that quotes `swap` best, when given. */
  readonly swapAllowance: (token: string, owner: string, swap?: { readonly to: string; readonly amount: bigint }) => Effect.Effect<bigint, BackendError>
  /** The approval of exactly `amount` for the router. */
  readonly swapApproval: (query: SwapQuery) => Effect.Effect<Swap.SwapTransaction, BackendError>
  /** The swap, with its minimum output from `slippage` (percent). */
  readonly swapTransaction: (query: SwapQuery & { readonly slippage: string }) => Effect.Effect<Swap.SwapTransaction, BackendError>
  /** What the onramp providers sell and take (spec §7 GET /v1/onramp/options). */
  readonly onrampOptions: () => Effect.Effect<Onramp.OnrampOptions, BackendError>
  /** One provider's quote (spec §7 POST /v1/onramp/quote). */
  readonly onrampQuote: (query: OnrampQuoteQuery) => Effect.Effect<Onramp.OnrampQuote, BackendError>
  /** A signed, expiring URL to the provider's checkout (spec §7 POST /v1/generators/onrampurl). */
  readonly onrampUrl: (checkout: OnrampCheckout) => Effect.Effect<string, BackendError>
  /** The account's purchases, newest first (the history with its `onramp` query). */
  readonly onrampPurchases: (account: AccountOnNetwork, provider: string) => Effect.Effect<Transaction.History, BackendError>
  /** The smart session a permission's context names on that network, as the chain holds it; undefined when none does. */
  readonly smartSession: (pci: string, caipNetworkId: string) => Effect.Effect<SmartSession | undefined, BackendError>
  /** Has the server's relayer send the account's signed revocation; the transaction's hash once mined. */
  readonly revokeSmartSession: (revocation: RevokeSessionRequest, caipNetworkId: string) => Effect.Effect<string, BackendError>
}>()("portico/core/Backend") {
  /** No API URL configured: every read fails with `BackendNotConfiguredError`. */
  static readonly layerNotConfigured: Layer.Layer<Backend> = Layer.sync(Backend, () =>
    Backend.of({
      urls: undefined,
      balances: notConfigured,
      history: notConfigured,
      identity: notConfigured,
      wallets: notConfigured,
      lookupName: notConfigured,
      namesOf: notConfigured,
      nameSuggestions: notConfigured,
      registerName: notConfigured,
      signInNonce: notConfigured,
      addSignInSession: notConfigured,
      signInSession: notConfigured,
      revokeSignInSession: notConfigured,
      swapNetworks: notConfigured,
      swapTokens: notConfigured,
      swapQuote: notConfigured,
      swapAllowance: notConfigured,
      swapApproval: notConfigured,
      swapTransaction: notConfigured,
      onrampOptions: notConfigured,
      onrampQuote: notConfigured,
      onrampUrl: notConfigured,
      onrampPurchases: notConfigured,
      smartSession: notConfigured,
      revokeSmartSession: notConfigured
    }))
}

const notConfigured = () => Effect.fail(new BackendNotConfiguredError())

export type BackendError = BackendNotConfiguredError | BackendRequestError

/** The host gave no `apiUrl`: there is no server to read balances, history or the registry from. */
export class BackendNotConfiguredError extends Schema.TaggedError<BackendNotConfiguredError>()("BackendNotConfiguredError", {
  message: fixed("No API URL configured")
}) {}

/**
 * The server could not be reached or answered with an error. `status` is the HTTP status when
 * there was an answer; `reason` the tag of the failure underneath (`RateLimited`, `TimeoutError`…).
 */
export class BackendRequestError extends Schema.TaggedError<BackendRequestError>()("BackendRequestError", {
  reason: Schema.String,
  status: Schema.optionalKey(Schema.Int),
  /** The wait the server asked for before another try (Retry-After), when it named one. */
  retryAfterMillis: Schema.optionalKey(Schema.Finite),
  message: Schema.String
}) {}
