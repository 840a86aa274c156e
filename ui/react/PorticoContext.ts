/** What the provider hands to its hooks and to the lazily loaded modal. */
import { createContext, useContext } from "react"
import type { PorticoConfig } from "../../core/atoms/Config.ts"
import type { Engine } from "../../core/atoms/Engine.ts"
import type { Messages } from "../i18n/en.ts"

export interface PorticoContextValue {
  readonly config: PorticoConfig
  readonly messages: Messages
  /** Loads (once) the engine chunk and wires it to this provider's registry. */
  readonly loadEngine: () => Promise<Engine>
  /** Loads the modal chunk and shows it; resolves once it is open. */
  readonly openModal: (options?: { readonly view?: ModalView }) => Promise<void>
}

/** The views a host may open the modal at. */
export type ModalView = "Connect" | "Account" | "AllWallets" | "UnsupportedChain"

export const PorticoContext = createContext<PorticoContextValue | undefined>(undefined)

export const usePortico = (): PorticoContextValue => {
  const value = useContext(PorticoContext)
  if (value === undefined) throw new Error("Portico hooks must be used inside <PorticoProvider>")
  return value
}
