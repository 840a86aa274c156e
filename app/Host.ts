/**
 * What a host page holds before the visitor acts, whatever its framework: the snapshot store, and the
 * engine and modal chunks, fetched from the page's own origin when the visitor shows intent (or the
 * browser is idle) and built on first use. Nothing here sends a request anywhere else or starts wallet
 * discovery: that waits for the visitor to open the modal (or for a session an earlier visit stored).
 */
import * as Config from "../core/Config.ts"
import type { Engine } from "./Engine.ts"
import * as Snapshot from "./Snapshot.ts"
import { returnedFromSocialLogin } from "./SocialRedirect.ts"

export interface Host<Modal> {
  /** The host's configuration with every network in Portico's form (viem chains converted). */
  readonly config: Config.NormalizedConfig
  readonly snapshot: Snapshot.Store
  /** Fetches the engine and modal chunks (no engine is built, nothing else is requested). */
  readonly prefetch: () => void
  /** The visitor is about to open the modal (pointer over, focus, touch): fetch and build the engine too. */
  readonly prepare: () => void
  /** The engine, built once. */
  readonly loadEngine: () => Promise<Engine>
  /** The modal's module and the engine together, so the modal renders in one go once both are there. */
  readonly loadModal: () => Promise<{ readonly modal: Modal; readonly engine: Engine }>
  /** Restores a session stored by an earlier visit (the one reason to build the engine unasked). */
  readonly restore: () => Promise<void>
  readonly dispose: () => Promise<void>
}

export const make = <Modal>(hostConfig: Config.PorticoConfig, importModal: () => Promise<Modal>): Host<Modal> => {
  const config = Config.normalize(hostConfig)
  const snapshot = Snapshot.make()
  let engineModule: Promise<typeof import("./Engine.ts")> | undefined
  let modalModule: Promise<Modal> | undefined
  let engine: Promise<Engine> | undefined
  const fetchEngine = () => (engineModule ??= import("./Engine.ts"))
  const fetchModal = () => (modalModule ??= importModal())
  const prefetch = () => {
    void fetchEngine()
    void fetchModal()
  }
  const loadEngine = () => (engine ??= fetchEngine().then((module) => module.make(config, snapshot)))
  return {
    config,
    snapshot,
    prefetch,
    prepare: () => {
      if (config.prefetch === false) return
      prefetch()
      void loadEngine()
    },
    loadEngine,
    loadModal: async () => {
      const [modal, built] = await Promise.all([fetchModal(), loadEngine()])
      return { modal, engine: built }
    },
    restore: async () => {
      if (Snapshot.hasStoredSession() || returnedFromSocialLogin()) await (await loadEngine()).restore()
    },
    dispose: async () => {
      const built = engine
      engine = undefined
      await (await built)?.dispose()
    }
  }
}

/**
 * Runs `prefetch` once the page has loaded and the browser is idle, unless the host turned prefetching
 * off; returns the cancel function.
 */
export const prefetchWhenIdle = (host: Host<unknown>): (() => void) => {
  if (host.config.prefetch === false) return () => undefined
  const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => globalThis.setTimeout(callback, 200))
  const cancelIdle = globalThis.cancelIdleCallback ?? globalThis.clearTimeout
  let handle: number | undefined
  const schedule = () => {
    handle = idle(() => host.prefetch())
  }
  if (globalThis.document?.readyState === "complete") schedule()
  else globalThis.addEventListener?.("load", schedule, { once: true })
  return () => {
    globalThis.removeEventListener?.("load", schedule)
    if (handle !== undefined) cancelIdle(handle)
  }
}
