/** What the provider shares with the hooks, the button and the lazily loaded modal. */
import { createContext, useContext } from "react"
import type * as Config from "../../core/Config.ts"
import type { Engine } from "../../app/Engine.ts"
import type * as Snapshot from "../../app/Snapshot.ts"

export interface PorticoContextValue {
  readonly config: Config.PorticoConfig
  /** What the first chunk shows before (and while) the engine runs. */
  readonly snapshot: Snapshot.Store
  /** Loads the engine chunk on first use (the first click, or a stored session to restore). */
  readonly loadEngine: () => Promise<Engine>
  /** Mounts the (lazily loaded) modal. */
  readonly requestModal: () => void
}

export const PorticoContext = createContext<PorticoContextValue | undefined>(undefined)

export const usePortico = (): PorticoContextValue => {
  const value = useContext(PorticoContext)
  if (value === undefined) throw new Error("Portico hooks need a <PorticoProvider> above them")
  return value
}
