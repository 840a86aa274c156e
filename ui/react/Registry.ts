/**
 * React bindings over `effect/reactivity`: a registry in context and `useSyncExternalStore` hooks.
 * (`@effect/atom-react` targets an older effect; these are the few lines Portico needs.)
 */
import type * as Atom from "effect/reactivity/Atom"
import type * as AtomRegistry from "effect/reactivity/AtomRegistry"
import { createContext, useCallback, useContext, useSyncExternalStore } from "react"

export const RegistryContext = createContext<AtomRegistry.AtomRegistry | undefined>(undefined)

export const useRegistry = (): AtomRegistry.AtomRegistry => {
  const registry = useContext(RegistryContext)
  if (registry === undefined) throw new Error("Portico hooks must be used inside <PorticoProvider>")
  return registry
}

/** The atom's current value; re-renders when it changes. */
export const useAtomValue = <A>(atom: Atom.Atom<A>): A => {
  const registry = useRegistry()
  const subscribe = useCallback((onChange: () => void) => registry.subscribe(atom, onChange), [registry, atom])
  const read = useCallback(() => registry.get(atom), [registry, atom])
  return useSyncExternalStore(subscribe, read, read)
}

/** A stable setter for a writable atom. */
export const useAtomSet = <R, W>(atom: Atom.Writable<R, W>): (value: W) => void => {
  const registry = useRegistry()
  return useCallback((value: W) => registry.set(atom, value), [registry, atom])
}

export const useAtom = <R, W>(atom: Atom.Writable<R, W>): readonly [R, (value: W) => void] =>
  [useAtomValue(atom), useAtomSet(atom)] as const
