/**
 * A connector: one way of reaching a wallet (spec §3 "Connector"). The entity is what the modal
 * lists; `ConnectorClient` is the one interface every implementation (EIP-6963, Wallet Standard,
 * WalletConnect) offers, so `Connection` never knows which kind it drives.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Address from "./Address.ts"
import * as Caip from "./Caip.ts"
import type * as Network from "./Network.ts"
import type { SignInTemplate } from "./signin/SignInMessage.ts"
import * as WalletError from "./WalletError.ts"
import type { WalletAppNotAnsweredError } from "./mwa/MwaErrors.ts"

export const ConnectorType = Schema.Literals([
  "AUTH",
  "MULTI_CHAIN",
  "ANNOUNCED",
  "INJECTED",
  "WALLET_CONNECT",
  "WALLET_STANDARD",
  "EXTERNAL"
])
export type ConnectorType = typeof ConnectorType.Type

export const Connector = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  chain: Caip.ChainNamespace,
  imageUrl: Schema.optionalKey(Schema.String),
  imageId: Schema.optionalKey(Schema.String),
  info: Schema.optionalKey(Schema.Struct({ rdns: Schema.optionalKey(Schema.String) })),
  explorerId: Schema.optionalKey(Schema.String),
  type: ConnectorType
})
export type Connector = typeof Connector.Type

/** What a successful connect hands back: the accounts and the network they live on. */
export interface Connected {
  readonly namespace: Caip.ChainNamespace
  readonly accounts: ReadonlyArray<string>
  readonly caipNetworkId: Caip.CaipNetworkId
  /** A deep link the wallet gave (WalletConnect), stored as the "linking" of the connection. */
  readonly linking?: string
  /**
   * The wallet behind a connector that speaks for many (WalletConnect: the peer's metadata), so the
   * account shows that wallet's name and icon rather than the connector's.
   */
  readonly wallet?: { readonly name: string; readonly icon?: string }
  /**
   * The sign-in message the wallet signed while connecting (ERC-7846 `signInWithEthereum`, WalletConnect's One-Click Auth), for the first
   * account, when the connect asked for one and the wallet supports it. Not yet checked: see ConnectSignIn.
   */
  readonly signedIn?: {
    readonly message: string
    readonly signature: string
    /** The ReCap URI the connect asked for besides the sign-in (WalletConnect's One-Click Auth): the message ends its statement and resources with it. */
    readonly recap?: string
  }
  /** Accounts of other namespaces the same authorisation granted (a WalletConnect session with EVM and Solana). */
  readonly also?: ReadonlyArray<Connected>
}

export type ConnectorEvent =
  /** `namespace` is set by connectors that serve several: the event concerns that namespace only. */
  | { readonly _tag: "AccountsChanged"; readonly accounts: ReadonlyArray<string>; readonly namespace?: Caip.ChainNamespace }
  | { readonly _tag: "ChainChanged"; readonly caipNetworkId: Caip.CaipNetworkId; readonly namespace?: Caip.ChainNamespace }
  | { readonly _tag: "Disconnected" }
  /** WalletConnect: a pairing URI to show as a QR code, and when it expires (epoch ms) if made earlier than now. */
  | { readonly _tag: "DisplayUri"; readonly uri: string; readonly expiry?: number }

export interface RequestArguments {
  readonly method: string
  readonly params?: unknown
}

/** A pairing URI made ahead, and when it expires (epoch milliseconds). */
export interface PreparedPairing {
  readonly uri: string
  readonly expiry: number
}

export interface ConnectOptions {
  /** The network the dapp asks for first; a wallet may answer with another one. */
  readonly caipNetworkId?: Caip.CaipNetworkId
  /** Sign in while connecting, with these fields, when the wallet can (one approval); a wallet that cannot just connects. */
  readonly signIn?: SignInTemplate
}

/** The one interface behind every connector kind. */
export interface ConnectorClient {
  readonly connector: Connector
  readonly connect: (options: ConnectOptions) => Effect.Effect<Connected, ConnectorFailure>
  /** Re-attaches to an existing authorisation without prompting (restore after reload). */
  readonly reconnect: (options: ConnectOptions) => Effect.Effect<Connected, ConnectorFailure>
  /**
   * A connection the page asked for before it was discarded (a phone, while the visitor approved in the wallet),
   * once the wallet's answer arrives; undefined when none is waiting (WalletConnect).
   */
  readonly resume?: Effect.Effect<Connected | undefined, ConnectorFailure>
  readonly disconnect: Effect.Effect<void, ConnectorFailure>
  /**
   * For a connector whose one authorisation serves several namespaces (WalletConnect): lets go of one of
   * them and ends the authorisation only when it was the last. Without it, `disconnect` ends everything.
   */
  readonly release?: (namespace: Caip.ChainNamespace) => Effect.Effect<void, ConnectorFailure>
  readonly accounts: Effect.Effect<ReadonlyArray<string>, ConnectorFailure>
  readonly chain: Effect.Effect<Caip.CaipNetworkId, ConnectorFailure>
  /**
   * Asks the wallet to move to `network` and answers where it landed, which may be elsewhere: a wallet
   * may refuse silently or pick another chain. The session records the answer, never the request.
   */
  readonly switchChain: (network: Network.Network) => Effect.Effect<Caip.CaipNetworkId, ConnectorFailure>
  readonly request: (args: RequestArguments) => Effect.Effect<unknown, ConnectorFailure>
  /**
   * For a wallet whose requests do not name their account (Wallet Standard, WalletConnect's Solana
   * requests): signs for `address`, one of the accounts it listed, from now on. EVM requests name their
   * account (`from`), so an EIP-1193 wallet needs none.
   */
  readonly selectAccount?: (namespace: Caip.ChainNamespace, address: string) => Effect.Effect<void, ConnectorError>
  /** Loads what connecting will need, without contacting anyone (the visitor showed intent: it may be picked next). */
  readonly prepare?: () => void
  /**
   * WalletConnect on a phone: a pairing made before the visitor picks a wallet, so that the wallet's link can
   * open in the tap itself (a link opened after an await has lost the gesture). The next `connect` on the
   * same network takes it; asked again while it is fresh, the same one answers.
   */
  readonly preparePairing?: (options: ConnectOptions) => Effect.Effect<PreparedPairing, ConnectorFailure>
  /** The page is back (visible again, restored from the back-forward cache): a connection that died meanwhile is made again now. */
  readonly wake?: () => void
  /** Subscribes to wallet events; returns the unsubscribe function. */
  readonly subscribe: (listener: (event: ConnectorEvent) => void) => () => void
}

/**
 * The one check every account passes before it enters a session, whatever the connector (spec §5):
 * at least one account, each a valid address of the namespace (EIP-55 checksum for mixed-case EVM
 * addresses, 32 bytes for Solana), on a CAIP-2 network of that same namespace.
 */
export const validateConnected = (connectorId: string, result: Connected): Effect.Effect<Connected, InvalidAccountError> => {
  const invalid = (reason: string) => Effect.fail(new InvalidAccountError({ connectorId, message: `The wallet answered with ${reason}` }))
  if (result.accounts.length === 0) return invalid("no account")
  const bad = result.accounts.find((account) => !Address.isValid(result.namespace, account, { strict: true }))
  if (bad !== undefined) return invalid(`an account that is not a valid ${result.namespace} address`)
  if (!Caip.isNetworkId(result.caipNetworkId) || !result.caipNetworkId.startsWith(`${result.namespace}:`)) {
    return invalid(`a network that is not a ${result.namespace} CAIP-2 id`)
  }
  return Effect.succeed(result)
}

/**
 * Marks a failure our own in-page wallet (the Mobile Wallet Adapter, core/mwa) raises already typed, so
 * `failure` keeps it: an unregistered symbol no wallet's error carries, checked without the engine holding
 * that wallet's error classes.
 */
export const ownFailure: unique symbol = Symbol("portico/ownFailure")

const isOwnFailure = (cause: unknown): cause is WalletAppNotAnsweredError =>
  typeof cause === "object" && cause !== null && ownFailure in cause

/** Maps what a wallet threw to a tagged error (4001 becomes UserRejectedRequestError, …). */
export const failure = (cause: unknown): ConnectorFailure =>
  isOwnFailure(cause) ? cause : WalletError.fromProviderError(cause)

/** What a connector operation can fail with: the wallet's own error, ours, or no wallet app answering on the phone (MWA). */
export type ConnectorFailure = WalletError.WalletError | ConnectorError | InvalidAccountError | WalletAppNotAnsweredError

/** The wallet answered, but not with what a connection needs (no account, no chain id…). */
export class ConnectorError extends Schema.TaggedError<ConnectorError>()("ConnectorError", {
  connectorId: Schema.String,
  message: Schema.String
}) {}

/** The connector id asked for is not among the discovered ones. */
export class ConnectorNotFound extends Schema.TaggedError<ConnectorNotFound>()("ConnectorNotFound", {
  connectorId: Schema.String,
  message: Schema.String
}) {}

/** A wallet handed over an account or network that fails `validateConnected`: it is refused. */
export class InvalidAccountError extends Schema.TaggedError<InvalidAccountError>()("InvalidAccountError", {
  connectorId: Schema.String,
  message: Schema.String
}) {}
