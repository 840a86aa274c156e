/**
 * What a host configures (the provider's props). Types only plus defaults: the first chunk imports
 * this module, so it must stay free of Schema and services.
 */
import type * as Caip from "./Caip.ts"
import type * as HostLogger from "./HostLogger.ts"
import type * as Network from "./Network.ts"
import type { LoginProvider } from "./SocialProvider.ts"
import * as NetworkInput from "./NetworkInput.ts"
import type { SignInSession } from "./SignInSession.ts"
import type * as ThemeOptions from "./ThemeOptions.ts"

export interface AppMetadata {
  readonly name: string
  readonly description: string
  readonly url: string
  readonly icons: ReadonlyArray<string>
  /**
   * Where a phone wallet sends the visitor back after an approval (WalletConnect's `metadata.redirect`):
   * the site's app scheme and its universal link. Without `universal`, the page the visitor connected on.
   */
  readonly redirect?: { readonly native?: string; readonly universal?: string }
}

export interface Features {
  /** The full wallet list (registry) behind "All wallets". */
  readonly allWallets: boolean
  /** Email login into the embedded wallet (needs `apiUrl`: the wallet lives on Portico's server origin). */
  readonly email: boolean
  /** Social login providers, in the order shown (needs `apiUrl`); false for none. */
  readonly socials: ReadonlyArray<LoginProvider> | false
  /** The Receive view (the address as text and QR code). */
  readonly receive: boolean
  /** The Send view (eip155 and solana tokens). */
  readonly send: boolean
  /** Swaps (the Swap view and its action). */
  readonly swaps: boolean
  /** Buying with the onramp providers (the Buy view and its checkout). */
  readonly onramp: boolean
  readonly analytics: boolean
  /**
   * The legal checkbox (off by default): Connect asks the visitor to agree to `termsConditionsUrl` and
   * `privacyPolicyUrl` before any way of connecting can be used.
   */
  readonly legalCheckbox: boolean
}

export const defaultFeatures: Features = {
  allWallets: true,
  email: true,
  // Spec §9's socials but Farcaster, which needs the server's Farcaster relay (ServerOptions.embedded.farcaster): hosts list it.
  socials: ["google", "x", "discord", "github", "apple", "facebook"],
  receive: true,
  send: true,
  swaps: true,
  onramp: true,
  // Spec §9 lists analytics among the default features; Portico ships it off (no request the visitor did not cause).
  analytics: false,
  legalCheckbox: false
}

/**
 * A host's own sign-in backend, in place of Portico's server: it issues nonces, verifies each signed
 * session (with `portico/server`'s verifier) and keeps them. Every method rejects to refuse.
 */
export interface SignInBackend {
  /** A fresh single-use nonce for `account` (at least 8 letters or digits). */
  readonly getNonce: (account: { readonly chainId: string; readonly address: string }) => Promise<string>
  /**
   * A fresh single-use nonce before the wallet names its account, for a wallet that connects and signs in
   * with one approval (ERC-7846 `wallet_connect`). Without it, connecting and signing in stay two steps.
   */
  readonly getConnectNonce?: (network: { readonly chainId: string }) => Promise<string>
  /** Verifies and keeps a signed session; rejects when it is not valid. */
  readonly addSession: (session: SignInSession) => Promise<void>
  /**
   * The address's valid sessions in the account's namespace, whichever network each was signed on (one
   * signature signs an address in on every network of its namespace); empty: it has to sign in.
   */
  readonly getSessions: (account: { readonly chainId: string; readonly address: string }) => Promise<ReadonlyArray<SignInSession>>
  /** Replaces every session; an empty list signs out. */
  readonly setSessions: (sessions: ReadonlyArray<SignInSession>) => Promise<void>
}

/** Sign-in with a wallet signature after connecting (CAIP-122: EIP-4361 on eip155, Sign-In With Solana). */
export interface SignInOptions {
  /** Without a session the visitor may not stay connected: cancelling disconnects, the sign view cannot be closed. */
  readonly required?: boolean
  /** The statement line of the message, e.g. "Sign in to Example." (one line). */
  readonly statement?: string
  /** How long a sign-in stays valid, in seconds (default one day). */
  readonly expiresInSeconds?: number
  /** The host's own backend; by default Portico's server at `apiUrl` verifies and keeps sessions. */
  readonly backend?: SignInBackend
}

export interface PorticoConfig {
  /** Sent with every API call and to WalletConnect. */
  readonly projectId: string
  /**
   * The requested networks, EVM and Solana; the first of each namespace is the default. Portico
   * networks, viem chain objects (`import { mainnet } from "viem/chains"`) or the Solana presets.
   */
  readonly networks: ReadonlyArray<NetworkInput.NetworkInput>
  readonly metadata: AppMetadata
  /** The host's terms of service (https, or http on localhost), linked from the legal checkbox. */
  readonly termsConditionsUrl?: string
  /** The host's privacy policy (https, or http on localhost), linked from the legal checkbox. */
  readonly privacyPolicyUrl?: string
  /** Base URL of the Blockchain API (balances, history, names). Without it the account view shows none. */
  readonly apiUrl?: string
  /** Base URL of the wallet service (registry, images); defaults to apiUrl. */
  readonly walletServiceUrl?: string
  /**
   * Receives Portico's diagnostics (developer alerts, failed requests without secrets, bugs an action met):
   * any of `debug`, `info`, `warn`, `error`. Default: the console.
   */
  readonly logger?: HostLogger.Logger
  /** The lowest level passed to `logger` (default "warn"). */
  readonly logLevel?: HostLogger.LogLevel
  /** The host's client id, sent as the `clientId` query of every call to the API and the wallet service (spec §7). */
  readonly clientId?: string
  /** WalletConnect relay (`wss://…`). */
  readonly relayUrl?: string
  readonly features?: Partial<Features>
  readonly themeMode?: "dark" | "light"
  readonly themeVariables?: ThemeOptions.ThemeVariables
  readonly locale?: string
  /** The modal is part of the page: closing shows Account or Connect instead. */
  readonly embedded?: boolean
  /** Switching networks from the modal (default on). */
  readonly enableNetworkSwitch?: boolean
  /** Stay connected on a network the host did not request (default off). */
  readonly allowUnsupportedChain?: boolean
  /** The zone names are registered in, with its leading dot (default ".portico.id", our server's). */
  readonly nameZone?: string
  /** The order of the Connect view's methods; a method left out is not shown. */
  readonly connectMethodsOrder?: ReadonlyArray<ConnectMethod>
  /** Basic WalletConnect mode: only the QR code, no wallet list. */
  readonly basicMode?: boolean
  /**
   * Fetch the dialog (from the page's own origin) when the visitor points at, focuses or touches the
   * button, and mount it closed (default on; a page view alone fetches nothing). Off: nothing loads before
   * a click.
   */
  readonly prefetch?: boolean
  /** Sign-in with a wallet signature on eip155 and solana. */
  readonly siwx?: SignInOptions
  /** The older form of `siwx` for eip155 only (Sign-In with Ethereum); setting both is an error. */
  readonly siweConfig?: SignInOptions
}

/** How the Connect view orders its methods (spec §2: email, social, wallet by default). */
export type ConnectMethod = "email" | "social" | "wallet"

export const defaultConnectMethodsOrder: ReadonlyArray<ConnectMethod> = ["email", "social", "wallet"]

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** Where the modal runs: the page's origin, when there is a page. */
export interface Page {
  readonly origin?: string | undefined
}

/**
 * The host's features with what the page allows. Without our server there is no embedded wallet to log
 * into; on the server's own origin neither: its keys live in that origin and would be the page's to read.
 */
export const features = (config: PorticoConfig, page: Page = {}): Features => {
  const merged = { ...defaultFeatures, ...config.features }
  const sameOrigin = config.apiUrl !== undefined && page.origin !== undefined && originOf(config.apiUrl) === page.origin
  return config.apiUrl === undefined || sameOrigin ? { ...merged, email: false, socials: false } : merged
}

/** The configuration with every network in Portico's form. */
export interface NormalizedConfig extends Omit<PorticoConfig, "networks"> {
  readonly networks: ReadonlyArray<Network.Network>
}

export const normalize = (config: PorticoConfig): NormalizedConfig => ({ ...config, networks: config.networks.map(NetworkInput.toNetwork) })

/** The configuration with its networks normalised and its features resolved: what the engine and the views read. */
export interface ResolvedConfig extends NormalizedConfig {
  readonly resolvedFeatures: Features
}

export const resolve = (config: PorticoConfig, page: Page = {}): ResolvedConfig => ({ ...normalize(config), resolvedFeatures: features(config, page) })

/** The networks a wallet session spans (WalletConnect, the embedded wallet): the host's EVM and Solana ones. */
export const sessionNetworks = (config: NormalizedConfig): ReadonlyArray<Caip.CaipNetworkId> =>
  config.networks.filter((network) => network.chainNamespace === "eip155" || network.chainNamespace === "solana").map((network) => network.caipNetworkId)

/** WalletConnect is offered with a project id (the relay requires one) and a network a session can span. */
export const offersWalletConnect = (config: NormalizedConfig): boolean => config.projectId !== "" && sessionNetworks(config).length > 0

/** The embedded wallet is offered when email or a social login is. */
export const offersEmbeddedWallet = (config: ResolvedConfig): boolean =>
  config.resolvedFeatures.email || config.resolvedFeatures.socials !== false

/** The full wallet list is offered: the host keeps the feature and has a server to list the registry. */
export const offersAllWallets = (config: ResolvedConfig): boolean => config.resolvedFeatures.allWallets && config.apiUrl !== undefined
