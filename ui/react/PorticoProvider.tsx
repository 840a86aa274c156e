/**
 * The host wraps its app in this. At first it holds only a small snapshot store: no request, no
 * wallet discovery, no Effect runtime and no modal code. When the visitor shows intent (pointer over,
 * focus on or touch of the button) the dialog's shell and its first stage are fetched from the page's own
 * origin and mounted closed, so the click only opens it; the engine follows when the visitor heads for a
 * choice, or at once when it already runs (a session stored by an earlier visit, restored on load, talks
 * only to the visitor's own wallet). The provider owns the engine and disposes it on unmount.
 */
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from "react"
import * as Host from "../../app/Host.ts"
import type * as Config from "../../core/Config.ts"
import { visitorLocale } from "../../app/VisitorLocale.ts"
import { useVisitorLocale } from "../i18n/useVisitorLocale.ts"
import { PorticoContext, type PorticoContextValue } from "./PorticoContext.ts"

const importShell = (locale: string | undefined) => async () => {
  const module = await import("../modal/Shell.tsx")
  await module.preloadMessages(visitorLocale(locale))
  return module
}

const importModal = () => import("../modal/ModalRoot.tsx")

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
  const [host] = useState(() => Host.make(config, importShell(config.locale), importModal))
  const locale = useVisitorLocale(config.locale)
  const mounted = useSyncExternalStore(host.mounted.subscribe, host.mounted.get, () => undefined)

  const value = useMemo<PorticoContextValue>(
    () => ({ config: host.config, locale, snapshot: host.snapshot, loadEngine: host.loadEngine, prepare: host.prepare, open: host.open, close: host.close }),
    [host, locale]
  )

  useEffect(() => {
    void host.restore()
  }, [host])

  // Unmounting disposes the engine; a remount (React's StrictMode rehearsal) builds a fresh one.
  useEffect(() => () => void host.dispose(), [host])

  return (
    <PorticoContext.Provider value={value}>
      {children}
      {mounted === undefined ? null : <mounted.shell.default stage={mounted.stage} views={mounted.parts} locale={locale} />}
    </PorticoContext.Provider>
  )
}
