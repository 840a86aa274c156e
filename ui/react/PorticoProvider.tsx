/**
 * The host wraps its app in this. At first it holds only a small snapshot store: no request, no
 * wallet discovery, no Effect runtime and no modal code until the visitor clicks (or a session stored
 * by an earlier visit is restored, which talks only to the visitor's own wallet). The engine it then
 * loads owns the atom registry, and the provider owns the engine: it disposes both on unmount.
 */
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react"
import type * as Config from "../../core/Config.ts"
import type { Engine } from "../../app/Engine.ts"
import * as Snapshot from "../../app/Snapshot.ts"
import { PorticoContext, type PorticoContextValue } from "./PorticoContext.ts"

const ModalRoot = lazy(() => import("../modal/ModalRoot.tsx"))

export interface PorticoProviderProps {
  readonly config: Config.PorticoConfig
  readonly children?: ReactNode
}

export function PorticoProvider({ config, children }: PorticoProviderProps) {
  const [snapshot] = useState(Snapshot.make)
  // The engine may open the modal by itself (a restored wallet on an unsupported network).
  const modalOpen = useSyncExternalStore(snapshot.subscribe, () => snapshot.get().modalOpen, () => false)
  const [modalRequested, setModalRequested] = useState(false)
  const engine = useRef<Promise<Engine> | undefined>(undefined)
  // The configuration is read once, like a store's initial state: the engine is built from it.
  const [initialConfig] = useState(config)

  const value = useMemo<PorticoContextValue>(() => ({
    snapshot,
    config: initialConfig,
    loadEngine: () => {
      engine.current ??= import("../../app/Engine.ts").then((module) => module.make(initialConfig, snapshot))
      return engine.current
    },
    requestModal: () => setModalRequested(true)
  }), [snapshot, initialConfig])

  useEffect(() => {
    if (!Snapshot.hasStoredSession()) return
    void value.loadEngine().then((loaded) => loaded.restore())
  }, [value])

  // Unmounting disposes the engine; a remount (React's StrictMode rehearsal) builds a fresh one.
  useEffect(() => () => {
    const loaded = engine.current
    engine.current = undefined
    void loaded?.then((running) => running.dispose())
  }, [])

  return (
    <PorticoContext.Provider value={value}>
      {children}
      {modalRequested || modalOpen
        ? (
          <Suspense fallback={null}>
            <ModalRoot />
          </Suspense>
        )
        : null}
    </PorticoContext.Provider>
  )
}
