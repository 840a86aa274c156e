/**
 * What a host page holds before the visitor acts, whatever its framework: the snapshot store, and the
 * engine and modal chunks, fetched from the page's own origin when the visitor shows intent (pointer over,
 * focus on or touch of the button) and built on first use: a page view whose visitor never heads for the
 * button costs only the first chunk. Nothing here sends a request anywhere else or starts wallet
 * discovery: that waits for the visitor to open the modal (or for a session an earlier visit stored).
 */
import * as Config from "../core/Config.ts"
import { isFramed } from "../core/connectors/MiniAppFrame.ts"
import type { Safe } from "./Action.ts"
import type { Engine } from "./Engine.ts"
import * as Snapshot from "./Snapshot.ts"
import { returnedFromSocialLogin } from "./SocialRedirect.ts"

export interface Host<Modal> {
  /** The host's configuration with every network in Portico's form (viem chains converted). */
  readonly config: Config.NormalizedConfig
  readonly snapshot: Snapshot.Store
  /**
   * The visitor is about to open the modal (pointer over, focus, touch): fetch the modal's chunks and build
   * the engine, so the page can mount the modal closed and the click only opens it. Resolves with both, or
   * with undefined when the host turned prefetching off or a chunk did not arrive (best effort: what failed
   * to arrive early is fetched again when the visitor acts).
   */
  readonly prepare: () => Promise<Loaded<Modal> | undefined>
  /** The engine, built once. */
  readonly loadEngine: () => Promise<Engine>
  /** The modal's module and the engine together, so the modal renders in one go once both are there. */
  readonly loadModal: () => Promise<Loaded<Modal>>
  /**
   * Restores a session stored by an earlier visit, and inside a mini-app host connects the host's wallet
   * (the reasons to build the engine unasked); cannot reject.
   */
  readonly restore: () => Safe<void>
  readonly dispose: () => Promise<void>
}

/** The modal's module and the engine, both there. */
export interface Loaded<Modal> {
  readonly modal: Modal
  readonly engine: Engine
}

export const make = <Modal>(hostConfig: Config.PorticoConfig, importModal: () => Promise<Modal>): Host<Modal> => {
  const config = Config.normalize(hostConfig)
  const snapshot = Snapshot.make()
  let engine: Promise<Engine> | undefined
  const fetchEngine = once(() => import("./Engine.ts"))
  const fetchModal = once(importModal)
  const loadEngine = () => {
    engine ??= fetchEngine().then((module) => module.make(config, snapshot)).catch((cause: unknown) => {
      engine = undefined
      throw cause
    })
    return engine
  }
  const loadModal = async (): Promise<Loaded<Modal>> => {
    const [modal, built] = await Promise.all([fetchModal(), loadEngine()])
    return { modal, engine: built }
  }
  return {
    config,
    snapshot,
    prepare: () => config.prefetch === false ? Promise.resolve(undefined) : loadModal().catch(() => undefined),
    loadEngine,
    loadModal,
    restore: () =>
      (Snapshot.hasStoredSession() || Snapshot.hasWaitingProposal() || returnedFromSocialLogin() || inFrame() ? loadEngine().then((built) => built.restore()) : Promise.resolve())
        // The visitor then finds the button disconnected and connects again; the developer sees why.
        .catch((cause: unknown) => console.error("Portico could not restore the stored session", cause)) as Safe<void>,
    dispose: async () => {
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
