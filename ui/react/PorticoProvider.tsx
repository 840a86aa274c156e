/**
 * The host wraps its app in this. At first it holds only a small snapshot store: no request, no
 * wallet discovery, no Effect runtime and no modal code. The modal's chunks are fetched from the page's
 * own origin when the visitor shows intent (pointer over, focus on or touch of the button), and the engine
 * is built then, as the visitor is about to click (or a session stored by an earlier visit is restored, which talks
 * only to the visitor's own wallet); the modal then mounts closed, so the click only opens it. The modal renders
 * only once its module and the engine are both there, so it never waits behind a Suspense fallback. The
 * provider owns the engine and disposes it on unmount.
 */
import { type ComponentType, type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from "react"
import * as Host from "../../app/Host.ts"
import type { Engine } from "../../app/Engine.ts"
import type * as Config from "../../core/Config.ts"
import type { Locale } from "../../core/Locale.ts"
import { visitorLocale } from "../../app/VisitorLocale.ts"
import { useVisitorLocale } from "../i18n/useVisitorLocale.ts"
import { PorticoContext, type PorticoContextValue } from "./PorticoContext.ts"

type ModalModule = typeof import("../modal/ModalRoot.tsx")
type ModalRoot = ComponentType<{ readonly engine: Engine; readonly locale: Locale }>

const importModal = (): Promise<ModalModule> => import("../modal/ModalRoot.tsx")

export interface PorticoProviderProps {
  /** Read once, when the provider mounts; only `locale` is followed afterwards (the button and the modal switch). */
  readonly config: Config.PorticoConfig
  readonly children?: ReactNode
}

/**
 * Holds Portico for the React tree below it; every hook and `ConnectButton` must be inside it.
 *
 * @example
 * ```tsx
 * <PorticoProvider config={{ projectId, networks: [mainnet], metadata, apiUrl }}>
 *   <App />
 * </PorticoProvider>
 * ```
 */
export function PorticoProvider({ config, children }: PorticoProviderProps) {
  // The configuration is read once, like a store's initial state: the engine is built from it.
  const [host] = useState(() => Host.make(config, () => importModal().then(async (module) => {
    await module.preloadMessages(visitorLocale(config.locale))
    return module
  })))
  const locale = useVisitorLocale(config.locale)
  const [loaded, setLoaded] = useState<{ readonly Modal: ModalRoot; readonly engine: Engine } | undefined>(undefined)
  // The engine may open the modal by itself (a restored wallet on an unsupported network).
  const modalOpen = useSyncExternalStore(host.snapshot.subscribe, () => host.snapshot.get().modalOpen, () => false)

  const value = useMemo<PorticoContextValue>(() => {
    const mount = ({ modal, engine }: Host.Loaded<ModalModule>) => {
      setLoaded((current) => current ?? { Modal: modal.default, engine })
      return engine
    }
    const showModal = () => host.loadModal().then(mount)
    // Mounted closed once prepared, the modal opens on the click in one render of the engine's state.
    const prepare = () => void host.prepare().then((prepared) => prepared === undefined ? undefined : mount(prepared))
    return { config: host.config, locale, snapshot: host.snapshot, loadEngine: host.loadEngine, prepare, showModal }
  }, [host, locale])

  useEffect(() => {
    void host.restore()
  }, [host])

  useEffect(() => {
    if (modalOpen && loaded === undefined) value.showModal().catch(Host.reportUnavailable)
  }, [modalOpen, loaded, value])

  // Unmounting disposes the engine; a remount (React's StrictMode rehearsal) builds a fresh one.
  useEffect(() => () => void host.dispose(), [host])

  return (
    <PorticoContext.Provider value={value}>
      {children}
      {loaded === undefined ? null : <loaded.Modal engine={loaded.engine} locale={locale} />}
    </PorticoContext.Provider>
  )
}
