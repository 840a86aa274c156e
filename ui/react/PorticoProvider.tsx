/**
 * The host's entry point: owns the atom registry and the configuration. Everything heavy (the
 * engine with its services and connectors, the modal and its views) is `import()`ed on the first
 * click, so mounting the provider makes no network request and adds only this chunk. The one
 * exception is a session stored by an earlier visit: restoring it talks to the visitor's own wallet.
 */
import * as AtomRegistry from "effect/reactivity/AtomRegistry"
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react"
import type { PorticoConfig } from "../../core/atoms/Config.ts"
import type { Engine } from "../../core/atoms/Engine.ts"
import { hasStoredSession } from "../../core/atoms/Snapshot.ts"
import { messagesFor } from "../i18n/Messages.ts"
import { PorticoContext, type PorticoContextValue } from "./PorticoContext.ts"
import { RegistryContext } from "./Registry.ts"

export interface PorticoProviderProps extends PorticoConfig {
  readonly children?: ReactNode
}

const loadModal = () => import("../modal/ModalRoot.tsx")
const ModalRoot = lazy(loadModal)

const isMobile = () => globalThis.matchMedia?.("(pointer: coarse)").matches === true

export const PorticoProvider = ({ children, ...config }: PorticoProviderProps): ReactNode => {
  const [registry] = useState(() => AtomRegistry.make())
  const [engine, setEngine] = useState<Engine>()
  // The engine is built once from the configuration of the moment it loads; locale and theme stay live.
  const configRef = useRef(config)
  configRef.current = config
  const pending = useRef<Promise<Engine> | undefined>(undefined)

  const loadEngine = useMemo(() => () => {
    pending.current ??= import("../../core/atoms/Engine.ts")
      .then((module) => module.make(configRef.current, registry))
      .then((loaded) => {
        setEngine(loaded)
        return loaded
      })
    return pending.current
  }, [registry])

  useEffect(() => {
    if (hasStoredSession()) void loadEngine().then((loaded) => loaded.restore())
    return () => {
      const current = pending.current
      pending.current = undefined
      setEngine(undefined)
      void current?.then((loaded) => loaded.dispose())
    }
  }, [loadEngine])

  const openModal = useMemo((): PorticoContextValue["openModal"] => async (options) => {
    const [loaded] = await Promise.all([loadEngine(), loadModal()])
    await loaded.open({ mobile: isMobile(), ...(options?.view === undefined ? {} : { route: { view: options.view } }) })
  }, [loadEngine])

  const value: PorticoContextValue = { config, messages: messagesFor(config.locale), loadEngine, openModal }

  return (
    <RegistryContext value={registry}>
      <PorticoContext value={value}>
        {children}
        {engine === undefined ? null : (
          <Suspense fallback={null}>
            <ModalRoot engine={engine} />
          </Suspense>
        )}
      </PorticoContext>
    </RegistryContext>
  )
}
