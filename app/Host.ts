/**
 * What a host page holds before the visitor acts, whatever its framework: the snapshot store, and the
 * modal's stages, fetched from the page's own origin when the visitor shows intent (pointer over, focus on
 * or touch of the button). A page view whose visitor never heads for the button costs only the first chunk.
 *
 * A visitor who is not connected opens the lobby (app/Lobby.ts): the dialog and its Connect view without
 * any of the engine's code. The engine comes when the visitor heads for a choice and takes the dialog over
 * in place. Anything else (a restored session, a host opening Account, a configuration the lobby cannot
 * stand in for) opens on the engine. Nothing here sends a request anywhere else or starts wallet
 * discovery: that waits for the visitor to point at the button or open the modal (or for a session an
 * earlier visit stored).
 */
import * as Config from "../core/Config.ts"
import { isFramed } from "../core/connectors/MiniAppFrame.ts"
import type { HostView } from "../core/ModalRoute.ts"
import type { Safe } from "./Action.ts"
import { isMobile } from "./Device.ts"
import type { Engine } from "./Engine.ts"
import type { Lobby } from "./Lobby.ts"
import * as Snapshot from "./Snapshot.ts"
import { returnedFromSocialLogin } from "./SocialRedirect.ts"
import type { Stage } from "./Stage.ts"

/** The views' module: for an engine, its stage and the views past Connect. */
export interface ModalModule<Parts extends { readonly stage: Stage }> {
  readonly parts: (engine: Engine) => Parts
}

/** What the page renders: the shell's module with the stage running the dialog, and the engine's parts once it does. */
export interface Mounted<Shell, Parts> {
  readonly shell: Shell
  readonly stage: Stage
  readonly parts: Parts | undefined
}

export interface Host<Shell, Parts> {
  /** The host's configuration with every network in Portico's form (viem chains converted). */
  readonly config: Config.NormalizedConfig
  readonly snapshot: Snapshot.Store
  /** What to render, followed with `subscribe`; undefined until the visitor shows intent or opens. */
  readonly mounted: {
    readonly get: () => Mounted<Shell, Parts> | undefined
    readonly subscribe: (listener: () => void) => () => void
  }
  /**
   * The visitor is about to open the modal (pointer over, focus, touch): fetch the lobby and mount the
   * dialog closed, its Connect view drawn hidden, so the click only shows it (the engine's parts when the
   * engine already runs). Nothing when the host turned prefetching off; best effort (what failed to arrive
   * is fetched again on the click).
   */
  readonly prepare: () => void
  /** Opens the modal, on the view given or on the one the rules pick; rejects when its code cannot be fetched. */
  readonly open: (options?: { readonly view?: HostView }) => Promise<void>
  readonly close: () => Promise<void>
  /** The engine, built once. */
  readonly loadEngine: () => Promise<Engine>
  /**
   * Restores a session stored by an earlier visit, and inside a mini-app host connects the host's wallet
   * (the reasons to build the engine unasked); cannot reject.
   */
  readonly restore: () => Safe<void>
  readonly dispose: () => Promise<void>
}

export const make = <Shell, Parts extends { readonly stage: Stage }>(
  hostConfig: Config.PorticoConfig,
  importShell: () => Promise<Shell>,
  importModal: () => Promise<ModalModule<Parts>>
): Host<Shell, Parts> => {
  const config = Config.normalize(hostConfig)
  const snapshot = Snapshot.make()
  let engine: Promise<Engine> | undefined
  const fetchEngine = once(() => import("./Engine.ts"))
  const fetchModal = once(importModal)
  const fetchShell = once(importShell)
  const loadEngine = () => {
    engine ??= fetchEngine().then((module) => module.make(config, snapshot)).catch((cause: unknown) => {
      engine = undefined
      throw cause
    })
    return engine
  }

  let mounted: Mounted<Shell, Parts> | undefined
  const listeners = new Set<() => void>()
  const mount = (next: Mounted<Shell, Parts> | undefined) => {
    mounted = next
    listeners.forEach((listener) => listener())
  }
  let lobby: Lobby | undefined
  /** How many times the modal was asked to open: a close the lobby passes on must not undo a later open. */
  let opens = 0
  /**
   * The engine's dialog, mounted (`ready` runs on the engine first, before the dialog is its); resolves with
   * the engine and its parts. From here on the engine runs the dialog: the lobby is never shown again.
   */
  const mountEngine = async (ready?: (built: Engine) => Promise<void>) => {
    const [shell, modal, built] = await Promise.all([fetchShell(), fetchModal(), loadEngine()])
    await ready?.(built)
    const parts = modal.parts(built)
    if (mounted?.parts !== parts) {
      lobby?.retire()
      mount({ shell, stage: parts.stage, parts })
    }
    return { engine: built, parts }
  }

  /** The engine takes the lobby's dialog over: open on Connect (with the visitor's tick) if the lobby still is. */
  const takeOver = async (): Promise<Stage> => {
    const { parts } = await mountEngine(async (built) => {
      const shown = lobby?.get()
      if (shown?.open !== true) return
      const opensBefore = opens
      if (shown.legalAgreed) await built.legal.agree(true)
      if (lobby?.get().open !== true) return
      await built.open({ view: "Connect" })
      // The visitor closed the lobby while the engine opened (and did not open the modal again since): the
      // engine's dialog, shown once this step ends, must stay closed.
      if (lobby?.get().open !== true && opens === opensBefore) await built.close()
    })
    return parts.stage
  }
  let lobbyLoading: Promise<Lobby | undefined> | undefined
  const fetchLobby = () =>
    lobbyLoading ??= import("./Lobby.ts")
      .then((module) => module.make({ hostConfig, snapshot, takeOver, report: reportUnavailable }))
      .then((made) => lobby = made, (cause: unknown) => {
        lobbyLoading = undefined
        throw cause
      })
  /** The lobby and the shell, when the lobby can stand for the engine (nothing of the engine's is running). */
  const lobbyHere = async (): Promise<{ readonly shell: Shell; readonly lobby: Lobby } | undefined> => {
    if (engine !== undefined) return undefined
    const [shell, made] = await Promise.all([fetchShell(), fetchLobby()])
    return made === undefined || engine !== undefined ? undefined : { shell, lobby: made }
  }

  /** The dialog mounted closed: the lobby's, or the engine's when it runs (or the lobby cannot stand for it). */
  const mountClosed = async () => {
    const here = await lobbyHere()
    if (here === undefined) await mountEngine()
    else {
      if (mounted === undefined) mount({ shell: here.shell, stage: here.lobby, parts: undefined })
      if (mounted?.stage === here.lobby) here.lobby.prime({ mobile: isMobile() })
    }
  }

  // The engine may open the modal by itself (a restored wallet on an unsupported network, sign-in).
  snapshot.subscribe(() => {
    if (snapshot.get().modalOpen && mounted?.parts === undefined && lobby?.get().open !== true) mountEngine().catch(reportUnavailable)
  })

  return {
    config,
    snapshot,
    mounted: {
      get: () => mounted,
      subscribe: (listener) => {
        listeners.add(listener)
        return () => {
          listeners.delete(listener)
        }
      }
    },
    prepare: () => {
      if (config.prefetch === false) return
      mountClosed().catch(() => undefined)
    },
    open: async (options = {}) => {
      opens++
      const connected = snapshot.get().session.activeNamespace !== undefined
      const here = connected || (options.view ?? "Connect") !== "Connect" ? undefined : await lobbyHere()
      if (here !== undefined && here.lobby.open({ mobile: isMobile() })) {
        if (mounted?.stage !== here.lobby) mount({ shell: here.shell, stage: here.lobby, parts: undefined })
        return
      }
      const { engine: built } = await mountEngine()
      await built.open({ mobile: isMobile(), ...(options.view === undefined ? {} : { view: options.view }) })
    },
    close: async () => {
      if (lobby?.get().open === true) return lobby.close()
      if (engine !== undefined) await (await engine).close()
    },
    loadEngine,
    restore: () =>
      (Snapshot.hasStoredSession() || Snapshot.hasWaitingProposal() || returnedFromSocialLogin() || inFrame() ? loadEngine().then((built) => built.restore()) : Promise.resolve())
        // The visitor then finds the button disconnected and connects again; the developer sees why.
        .catch((cause: unknown) => console.error("Portico could not restore the stored session", cause)) as Safe<void>,
    // A remount (React's StrictMode rehearsal) starts again from a fresh lobby and engine.
    dispose: async () => {
      lobby?.retire()
      lobby = undefined
      lobbyLoading = undefined
      mount(undefined)
      const built = engine
      engine = undefined
      await (await built)?.dispose()
    }
  }
}

/** A framed page may be a mini app, whose host's wallet connects on load (Connection.connectHosted). */
const inFrame = (): boolean => typeof window !== "undefined" && isFramed(window)

/** The modal's chunks did not arrive (offline, or the site was updated meanwhile): the developer sees why. */
export const reportUnavailable = (cause: unknown): void => console.error("Portico's modal could not be loaded", cause)

/** A chunk fetched once; a failed fetch is forgotten, so the next use tries again. */
const once = <A>(load: () => Promise<A>): (() => Promise<A>) => {
  let loading: Promise<A> | undefined
  return () => {
    loading ??= load().catch((cause: unknown) => {
      loading = undefined
      throw cause
    })
    return loading
  }
}
