/** What every view of the loaded modal needs: the engine, the registry and the message table. */
import type * as Atom from "effect/reactivity/Atom"
import type * as AtomRegistry from "effect/reactivity/AtomRegistry"
import { createContext, useContext } from "react"
import type { Engine } from "../../app/Engine.ts"
import type { Locale } from "../../core/Locale.ts"
import type { Translate } from "../i18n/Messages.ts"
import { useAtomValueIn } from "../react/useAtomValue.ts"

export interface ModalContextValue {
  readonly engine: Engine
  readonly registry: AtomRegistry.AtomRegistry
  readonly t: Translate
  readonly locale: Locale
}

export const ModalContext = createContext<ModalContextValue | undefined>(undefined)

export const useModalContext = (): ModalContextValue => {
  const value = useContext(ModalContext)
  if (value === undefined) throw new Error("Modal views render inside ModalRoot")
  return value
}

export const useEngineAtom = <A>(atom: Atom.Atom<A>): A => useAtomValueIn(useModalContext().registry, atom)

/**
 * Starts an engine action whose failure the engine renders itself (a toast and a shake, as
 * `switchNetwork` and `disconnect` do): the rejection is for host callers, and the view has
 * already shown it, so it needs no second handler here.
 */
export const startShown = <A>(action: Promise<A>): void => {
  action.catch(() => undefined)
}
