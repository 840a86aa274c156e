/**
 * What the dialog and its Connect view read and do, whoever runs them: the lobby (app/Lobby.ts) on a
 * first open, before any of the engine's code has loaded, then the engine (app/EngineStage.ts) once the
 * visitor heads for a choice. Both stages feed the same components, so the engine takes over in place:
 * nothing on screen is drawn twice, and what the visitor typed or ticked stays. This module is types only:
 * the first stage must not pull the engine's code in.
 */
import type { Attempt, Safe } from "./Action.ts"
import type { Engine } from "./Engine.ts"
import * as Config from "../core/Config.ts"
import type { Choice } from "../core/features/ConnectAttempt.ts"
import type * as InAppBrowser from "../core/InAppBrowser.ts"
import type { InstalledRow } from "../core/InstalledWallets.ts"
import type { LegalLinks } from "../core/LegalLinks.ts"
import type * as Modal from "../core/Modal.ts"
import type { Route } from "../core/ModalRoute.ts"
import type { LoginProvider } from "../core/SocialProvider.ts"
import type * as ThemeOptions from "../core/ThemeOptions.ts"

export interface StageState {
  readonly open: boolean
  /** The view on top of the stack; undefined while closed. */
  readonly route: Route | undefined
  /** How many views the stack holds (Back shows above one). */
  readonly depth: number
  readonly shaking: boolean
  /** A toast is up (drawn by the engine's views; with the modal closed it shows on its own). */
  readonly toast: boolean
  /** The visitor may close the modal (not while sign-in waits on a signing view). */
  readonly closable: boolean
  /** The chosen wallet's name, ConnectingExternal's title. */
  readonly walletName: string | undefined
  /** The wallets the page has, the recent ones first (Connect's list). */
  readonly installed: ReadonlyArray<InstalledRow>
  readonly legalAgreed: boolean
  /**
   * Drawn ahead of the click, hidden and inert: the lobby's Connect view once the visitor pointed at the
   * button, so that opening only shows it (no render, no layout on the click).
   */
  readonly primed: boolean
}

/** What Connect offers, fixed for a page: the host's configuration as the engine reads it. */
export interface ConnectOffer {
  readonly order: ReadonlyArray<Config.ConnectMethod>
  readonly email: boolean
  readonly socials: ReadonlyArray<LoginProvider>
  readonly walletConnect: boolean
  readonly allWallets: boolean
  /** The legal checkbox's pages; undefined when the checkbox is off. */
  readonly legal: LegalLinks | undefined
  readonly inAppBrowser: InAppBrowser.Escape | undefined
}

/** What Connect offers on this page: both stages read it from the same checked configuration. */
export const offerOf = (
  config: Config.ResolvedConfig,
  legal: LegalLinks | undefined,
  inAppBrowser: InAppBrowser.Escape | undefined
): ConnectOffer => ({
  order: config.connectMethodsOrder ?? Config.defaultConnectMethodsOrder,
  email: config.resolvedFeatures.email,
  socials: config.resolvedFeatures.socials === false ? [] : config.resolvedFeatures.socials,
  walletConnect: Config.offersWalletConnect(config),
  allWallets: Config.offersAllWallets(config),
  legal,
  inAppBrowser
})

/** The dialog's look: the host's theme, checked. */
export interface Look {
  readonly themeMode: ThemeOptions.ThemeMode
  readonly themeVariables: ThemeOptions.ThemeVariables
}

/** The engine's code did not arrive (offline, or the site was updated meanwhile); the next try fetches it again. */
export interface ModalUnavailable {
  readonly _tag: "FeatureUnavailableError"
  readonly message: string
  readonly feature: "modal"
}

/** An engine action as a stage offers it: the lobby may also fail to bring the engine. */
type Later<F> = F extends (...args: infer P) => Attempt<infer A, infer E> ? (...args: P) => Attempt<A, E | ModalUnavailable> : never

export interface Stage {
  /** Who runs the dialog (the dialog says it in `data-stage`, for tests and for a developer's tools). */
  readonly kind: "lobby" | "engine"
  readonly subscribe: (listener: () => void) => () => void
  /** The same object until something changed (React's useSyncExternalStore). */
  readonly get: () => StageState
  readonly offer: ConnectOffer
  readonly look: Look
  /** An image the views may load (a wallet's icon): a safe source, or the wallet service's own. */
  readonly isImageAllowed: (source: string) => boolean
  /** The visitor heads for a choice (the pointer moves in the dialog, a key): the lobby brings the engine. */
  readonly lean: () => void
  readonly close: () => Safe<void>
  readonly back: () => Safe<void>
  readonly choose: (choice: Choice) => Safe<void>
  readonly showAllWallets: () => Safe<void>
  /** The visitor leans toward a next step: its code loads. */
  readonly prepare: (step: "WalletConnect" | "AllWallets") => void
  readonly agree: (agreed: boolean) => Safe<void>
  readonly connectEmail: Later<Engine["connectEmail"]>
  readonly connectSocial: Later<Engine["connectSocial"]>
  readonly connectFarcaster: Later<Engine["connectFarcaster"]>
  readonly continueInWalletWindow: Later<Engine["continueInWalletWindow"]>
  readonly socialWindowClosed: () => Safe<void>
  readonly showToast: (toast: Modal.Toast) => Safe<void>
}
