/**
 * The modal's views and where it opens (spec §2 and §4 "Modal"), without Effect: the first stage draws the
 * dialog before the engine has loaded, and `Modal`'s Schemas and router are built on these.
 */
import type * as WalletListEntry from "./WalletListEntry.ts"

/** Every modal view of spec §2. */
export const views = [
  "Connect",
  "Account",
  "AllWallets",
  "ConnectingWalletConnectBasic",
  "ConnectingWalletConnect",
  "ConnectingExternal",
  "ConnectingSiwe",
  "ConnectingFarcaster",
  "UnsupportedChain",
  "ApproveTransaction",
  "SIWXSignMessage",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
  // Feature areas of spec §2, loaded on demand.
  "Receive",
  "Send",
  "Swap",
  "Buy",
  "Permissions",
  // The embedded wallet's login (feature areas "email" and "socials").
  "EmailVerifyOtp",
  "EmailVerifyDevice",
  "ConnectingSocial",
  "EmbeddedWalletPanel",
  "UpdateEmailWallet",
  "UpdateEmailPrimaryOtp",
  "UpdateEmailSecondaryOtp"
] as const
export type View = typeof views[number]

/** What a view needs to know about the choice that led to it. */
export interface RouteData {
  /** The connector chosen (ConnectingExternal, ConnectingWalletConnect). */
  readonly connectorId?: string
  /** The registry wallet chosen (ConnectingWalletConnect): its name, image and deep links. */
  readonly wallet?: WalletListEntry.WalletListEntry
}

export interface Route {
  readonly view: View
  readonly data?: RouteData
}

/** The views that ask for a signature or an approval: not closable while sign-in is pending (spec §4). */
export const signingViews: ReadonlyArray<View> = ["SIWXSignMessage", "ConnectingSiwe", "ApproveTransaction"]

export interface OpeningContext {
  readonly connected: boolean
  readonly mobile: boolean
  /**
   * The page itself can connect the visitor (spec §2's adapters): a browser wallet announced itself, or
   * the embedded wallet (email, social) is offered. Without them a phone can only go to a wallet's app.
   */
  readonly hasAdapters: boolean
  /** The wallet registry (AllWallets) is offered. */
  readonly allWallets: boolean
}

/**
 * Account when connected, else Connect; a phone that cannot connect in the page opens on AllWallets (the
 * wallets' apps), when there is a registry to list.
 */
export const openingView = (context: OpeningContext): View =>
  context.connected ? "Account" : context.mobile && !context.hasAdapters && context.allWallets ? "AllWallets" : "Connect"

/** The views a host may open the modal at (the others are steps of a flow, reached from inside). */
export type HostView = "Connect" | "Account" | "AllWallets"
export const hostViews = ["Connect", "Account", "AllWallets"] as const satisfies ReadonlyArray<HostView>

/** A host asking for Account with nobody connected gets Connect. */
export const hostRoute = (view: HostView, connected: boolean): Route => ({
  view: view === "Account" && !connected ? "Connect" : view
})
