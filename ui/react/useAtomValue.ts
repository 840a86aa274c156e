/** Reads an atom from the provider's registry and re-renders on change (useSyncExternalStore). */
import type * as Atom from "effect/reactivity/Atom"
import type * as AtomRegistry from "effect/reactivity/AtomRegistry"
import { useCallback, useSyncExternalStore } from "react"
import { usePortico } from "./PorticoContext.ts"

export const useAtomValueIn = <A>(registry: AtomRegistry.AtomRegistry, atom: Atom.Atom<A>): A => {
  const subscribe = useCallback((onChange: () => void) => registry.subscribe(atom, onChange), [registry, atom])
  const read = useCallback(() => registry.get(atom), [registry, atom])
  return useSyncExternalStore(subscribe, read, read)
}

export const useAtomValue = <A>(atom: Atom.Atom<A>): A => useAtomValueIn(usePortico().registry, atom)
