/** What the provider shares with the hooks, the button and the lazily loaded modal. */
import { createContext, useContext } from "react"
import type { Engine } from "../../app/Engine.ts"
import type { HostView } from "../../core/ModalRoute.ts"
import type * as Snapshot from "../../app/Snapshot.ts"
import type * as Config from "../../core/Config.ts"
import type { Locale } from "../../core/Locale.ts"

export interface PorticoContextValue {
  readonly config: Config.NormalizedConfig
  /** The visitor's locale now: the host's `locale` option (the provider's `config` prop may change it), else the browser's. */
  readonly locale: Locale
  /** What the first chunk shows before (and while) the engine runs. */
  readonly snapshot: Snapshot.Store
  /** The engine, built on first use (a click, or a stored session to restore). */
  readonly loadEngine: () => Promise<Engine>
  /** The visitor is about to open the modal (pointer over, focus, touch): get it ready. */
  readonly prepare: () => void
  /** Opens the modal, on the view given or on the one the rules pick (app/Host.ts). */
  readonly open: (options?: { readonly view?: HostView }) => Promise<void>
  readonly close: () => Promise<void>
}

export const PorticoContext = createContext<PorticoContextValue | undefined>(undefined)

export const usePortico = (): PorticoContextValue => {
  const value = useContext(PorticoContext)
  if (value === undefined) throw new Error("Portico hooks need a <PorticoProvider> above them")
  return value
}
