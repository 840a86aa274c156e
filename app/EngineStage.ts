/**
 * The engine as a stage (app/Stage.ts): the dialog and the Connect view read its atoms through the same
 * shape the lobby gives them, so the engine takes the lobby's dialog over in place.
 */
import type * as Atom from "effect/reactivity/Atom"
import * as InstalledWallets from "../core/InstalledWallets.ts"
import * as ModalRoute from "../core/ModalRoute.ts"
import * as SignInState from "../core/signin/SignInState.ts"
import * as ThemeDefaults from "../core/ThemeDefaults.ts"
import { widen } from "./Action.ts"
import type { Engine } from "./Engine.ts"
import { offerOf, type Stage, type StageState } from "./Stage.ts"

export interface EngineStageInput {
  readonly engine: Engine
  /** The visitor leans toward a next step: its code loads (the views' chunks are the modal module's). */
  readonly prepare: Stage["prepare"]
}

export const make = ({ engine, prepare }: EngineStageInput): Stage => {
  const { registry, atoms, config } = engine
  const sources: ReadonlyArray<Atom.Atom<unknown>> = [atoms.modal, atoms.connectors, atoms.recentWallets, atoms.signIn, atoms.legalConsent]
  let read: { readonly values: ReadonlyArray<unknown>; readonly state: StageState } | undefined
  /** The state from the atoms, the same object while none of them changed. */
  const get = (): StageState => {
    const modal = registry.get(atoms.modal)
    const connectors = registry.get(atoms.connectors)
    const recent = registry.get(atoms.recentWallets)
    const signIn = registry.get(atoms.signIn)
    const legalAgreed = registry.get(atoms.legalConsent)
    const values = [modal, connectors, recent, signIn, legalAgreed]
    if (read !== undefined && values.every((value, i) => value === read?.values[i])) return read.state
    const { clients } = connectors
    const route = modal.open ? modal.history.at(-1) : undefined
    const view = route?.view
    const state: StageState = {
      open: modal.open,
      route,
      depth: modal.history.length,
      shaking: modal.shaking,
      toast: modal.toast !== undefined,
      // Spec §4: no way out of the sign and approve views but their own buttons while sign-in is pending.
      closable: !(engine.signInRequired && SignInState.awaitsSession(signIn) && view !== undefined &&
        ModalRoute.signingViews.includes(view)),
      walletName: view === "ConnectingExternal" ? clients.find((client) => client.connector.id === route?.data?.connectorId)?.connector.name : undefined,
      installed: InstalledWallets.arrangeInstalled(InstalledWallets.installedWallets(clients), recent),
      legalAgreed,
      primed: false
    }
    read = { values, state }
    return state
  }
  return {
    kind: "engine",
    subscribe: (listener) => {
      const stops = sources.map((atom) => registry.subscribe(atom, listener))
      return () => stops.forEach((stop) => stop())
    },
    get,
    offer: offerOf(config, engine.legal.links, engine.inAppBrowser),
    look: { themeMode: config.themeMode ?? ThemeDefaults.defaultThemeMode, themeVariables: config.themeVariables ?? {} },
    isImageAllowed: engine.isImageAllowed,
    lean: () => undefined,
    close: () => engine.close(),
    back: () => engine.back(),
    choose: (choice) => engine.choose(choice),
    showAllWallets: () => engine.push({ view: "AllWallets" }),
    prepare,
    agree: (agreed) => engine.legal.agree(agreed),
    // The lobby's stage may also fail to bring the engine (ModalUnavailable); the engine's own never does.
    connectEmail: (email) => widen(engine.connectEmail(email)),
    connectSocial: (provider, mode) => widen(engine.connectSocial(provider, mode)),
    connectFarcaster: () => widen(engine.connectFarcaster()),
    continueInWalletWindow: () => widen(engine.continueInWalletWindow()),
    socialWindowClosed: () => engine.socialWindowClosed(),
    showToast: (toast) => engine.showToast(toast)
  }
}
