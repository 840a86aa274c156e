/** Reads an atom from a registry and re-renders on change (useSyncExternalStore). */
import type * as Atom from "effect/reactivity/Atom"
import type * as AtomRegistry from "effect/reactivity/AtomRegistry"
import { useCallback, useSyncExternalStore } from "react"

export const useAtomValueIn = <A>(registry: AtomRegistry.AtomRegistry, atom: Atom.Atom<A>): A => {
  const subscribe = useCallback((onChange: () => void) => registry.subscribe(atom, onChange), [registry, atom])
  const read = useCallback(() => registry.get(atom), [registry, atom])
  return useSyncExternalStore(subscribe, read, read)
}
