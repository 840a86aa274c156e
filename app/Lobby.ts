/**
 * The lobby: the modal's first stage, for a visitor who is not connected and opens the modal before any
 * of the engine's code has loaded (spec §2: the Connect view). It lists the wallets the page has from their
 * own announcements (EIP-6963, Wallet Standard), checked by the rules the engine's discovery uses, the
 * recent ones first as the engine stores them; it shows the host's methods and holds the legal tick.
 * Everything the visitor does beyond that is the engine's: the first sign that the visitor heads for a
 * choice (the pointer moving in the dialog, a key) brings the engine, which takes over the same dialog in
 * place (`takeOver`), and an action taken before it arrived runs on it once it has. Free of Effect, so the
 * hover before the click fetches a few kilobytes rather than the engine.
 */
import { requestProviders } from "mipd"
import * as Config from "../core/Config.ts"
import type * as Connector from "../core/Connector.ts"
import * as Eip6963Announcement from "../core/connectors/Eip6963Announcement.ts"
import * as MultichainSigns from "../core/connectors/MultichainSigns.ts"
import * as WalletStandardListing from "../core/connectors/WalletStandardListing.ts"
import type * as InAppBrowser from "../core/InAppBrowser.ts"
import * as ImageSource from "../core/ImageSource.ts"
import * as InstalledWallets from "../core/InstalledWallets.ts"
import * as ModalRoute from "../core/ModalRoute.ts"
import * as RecentWallets from "../core/RecentWallets.ts"
import type { Attempt, Safe } from "./Action.ts"
import * as CheckedHost from "./CheckedHost.ts"
import { escapeHere } from "./InAppEscape.ts"
import * as MobileWalletAdapter from "./MobileWalletAdapter.ts"
import type * as Snapshot from "./Snapshot.ts"
import { type ModalUnavailable, offerOf, type Stage, type StageState } from "./Stage.ts"

export interface Lobby extends Stage {
  /**
   * The visitor points at the button, before their first open: discovery starts and Connect is drawn hidden
   * (`primed`), so the click only shows it. Nothing when the rules would open elsewhere.
   */
  readonly prime: (options: { readonly mobile: boolean }) => void
  /**
   * Opens on Connect, starting discovery; false (nothing opened) when the rules open elsewhere (a phone
   * without a wallet in the page opens on AllWallets), which is the engine's to do.
   */
  readonly open: (options: { readonly mobile: boolean }) => boolean
  /** The engine took over: the lobby stops listening and is never shown again. */
  readonly retire: () => void
}

export interface LobbyInput {
  readonly hostConfig: Config.PorticoConfig
  readonly snapshot: Snapshot.Store
  /** Builds the engine, opens it on Connect when the lobby is open, and hands the dialog over; once. */
  readonly takeOver: () => Promise<Stage>
  /** The engine's code did not arrive: the developer sees why. */
  readonly report: (cause: unknown) => void
}

/**
 * Whether the lobby can stand for the engine on a first open with this configuration: not when the host
 * counts opens (analytics, which the engine sends), embeds the modal in the page, asks for WalletConnect's QR
 * code alone, or turned the legal checkbox on without allowed pages (then the engine refuses to start).
 */
const fits = (host: CheckedHost.CheckedHost): boolean =>
  host.legal !== "invalid" && !host.config.resolvedFeatures.analytics && host.config.embedded !== true && host.config.basicMode !== true

const closed: Pick<StageState, "open" | "route" | "depth" | "primed"> = { open: false, route: undefined, depth: 0, primed: false }

/** The lobby for this page, or undefined when the configuration needs the engine from the first open. */
export const make = async (input: LobbyInput): Promise<Lobby | undefined> => {
  const host = CheckedHost.check(input.hostConfig)
  if (!fits(host)) return undefined
  return lobby(input, host, await escapeHere())
}

const lobby = (input: LobbyInput, host: CheckedHost.CheckedHost, inAppBrowser: InAppBrowser.Escape | undefined): Lobby => {
  const { config } = host
  const legal = host.legal === "invalid" ? undefined : host.legal
  const recent = RecentWallets.storedIds(storedValue(RecentWallets.storageName)).map((id) => ({ id }))
  let state: StageState = {
    ...closed,
    shaking: false,
    toast: false,
    closable: true,
    walletName: undefined,
    installed: [],
    legalAgreed: false,
    primed: false
  }
  /** Drawn hidden only before the first open: afterwards a closed modal leaves nothing in the page. */
  let opened = false
  const listeners = new Set<() => void>()
  const set = (next: Partial<StageState>) => {
    state = { ...state, ...next }
    listeners.forEach((listener) => listener())
  }

  // Discovery: the same announcements the engine's connectors fold, without their clients. A wallet only the
  // engine can list rightly (one that may offer the Multichain API, listed once; the Mobile Wallet Adapter,
  // which the engine registers on Android) brings the engine as the modal opens.
  let needsEngine = false
  const engineNeeded = () => {
    if (state.open) bring()
    else needsEngine = true
  }
  let announced = Eip6963Announcement.empty
  let standard: ReadonlyArray<Connector.Connector> = []
  let stops: ReadonlyArray<() => void> | undefined
  const publish = () => {
    const installed = [...announced.wallets.map((wallet) => Eip6963Announcement.connectorOf(wallet.info)), ...standard]
    set({ installed: InstalledWallets.arrangeInstalled(installed, recent) })
  }
  const discover = () => {
    if (stops !== undefined) return
    stops = [
      requestProviders((detail) => {
        const next = Eip6963Announcement.accept(announced, detail)
        if (next === announced) return
        announced = next
        if (next.wallets.some((wallet) => MultichainSigns.metaMaskRdns.includes(wallet.info.rdns))) engineNeeded()
        publish()
      }) ?? (() => undefined),
      WalletStandardListing.watchListed((wallets) => {
        standard = wallets.map(WalletStandardListing.connectorOf)
        publish()
      }),
      MultichainSigns.watchAnnouncements(window, engineNeeded)
    ]
    if (MobileWalletAdapter.mayRegister(globalThis.navigator?.userAgent ?? "")) engineNeeded()
  }
  const opensOnConnect = (mobile: boolean) =>
    ModalRoute.openingView({
      connected: false,
      mobile,
      hasAdapters: state.installed.length > 0 || Config.offersEmbeddedWallet(config),
      allWallets: Config.offersAllWallets(config)
    }) === "Connect"

  // Past the lobby: the engine's stage, once it took over.
  let taking: Promise<Stage> | undefined
  let retired = false
  const engine = (): Promise<Stage> => taking ??= input.takeOver().catch((cause: unknown) => {
    taking = undefined
    input.report(cause)
    throw cause
  })
  const bring = () => void engine().catch(() => undefined)
  const unavailable: ModalUnavailable = { _tag: "FeatureUnavailableError", message: "This feature could not be loaded", feature: "modal" }
  /** An action that cannot fail: on the engine once it is here; nothing when it could not come (the developer is told). */
  const safe = <A>(use: (stage: Stage) => Promise<A>): Safe<A | undefined> =>
    engine().then(use, () => undefined) as Safe<A | undefined>
  const attempt = <A, E>(use: (stage: Stage) => Attempt<A, E>): Attempt<A, E | ModalUnavailable> =>
    engine().then(use, () => Promise.reject(unavailable)) as Attempt<A, E | ModalUnavailable>

  const close = (): Safe<void> => {
    if (state.open) {
      set(closed)
      input.snapshot.update({ modalOpen: false })
    }
    // Closed while the engine was coming: the engine does not open the dialog again (Host.ts, takeOver).
    return Promise.resolve() as Safe<void>
  }

  return {
    kind: "lobby",
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    get: () => state,
    offer: offerOf(config, legal, inAppBrowser),
    look: { themeMode: host.theme.themeMode, themeVariables: host.theme.themeVariables },
    isImageAllowed: (source) => ImageSource.isAllowedImage(source, config.walletServiceUrl ?? config.apiUrl),
    prime: ({ mobile }) => {
      if (retired || opened || state.primed) return
      discover()
      if (opensOnConnect(mobile)) set({ primed: true, route: { view: "Connect" }, depth: 1 })
    },
    open: ({ mobile }) => {
      if (retired) return false
      discover()
      if (!opensOnConnect(mobile)) {
        set(closed)
        return false
      }
      opened = true
      set({ open: true, primed: false, route: { view: "Connect" }, depth: 1 })
      input.snapshot.update({ modalOpen: true })
      if (needsEngine) bring()
      return true
    },
    retire: () => {
      retired = true
      stops?.forEach((stop) => stop())
      stops = undefined
      state = { ...state, ...closed }
    },
    lean: bring,
    close,
    back: () => Promise.resolve() as Safe<void>,
    choose: (choice) => safe((stage) => stage.choose(choice)),
    showAllWallets: () => safe((stage) => stage.showAllWallets()),
    prepare: (step) => void safe(async (stage) => stage.prepare(step)),
    agree: (agreed) => {
      set({ legalAgreed: agreed })
      // The engine may be on its way: it reads the tick as it takes over, and hears of a later one.
      return taking === undefined ? Promise.resolve() as Safe<void> : safe((stage) => stage.agree(agreed))
    },
    connectEmail: (email) => attempt((stage) => stage.connectEmail(email)),
    connectSocial: (provider, mode) => attempt((stage) => stage.connectSocial(provider, mode)),
    connectFarcaster: () => attempt((stage) => stage.connectFarcaster()),
    continueInWalletWindow: () => attempt((stage) => stage.continueInWalletWindow()),
    socialWindowClosed: () => safe((stage) => stage.socialWindowClosed()),
    showToast: (toast) => safe((stage) => stage.showToast(toast))
  }
}

/** A value the engine stored in localStorage; null where there is none or the browser refuses storage. */
const storedValue = (name: string): string | null => {
  try {
    return globalThis.localStorage?.getItem(name) ?? null
  } catch {
    return null
  }
}
