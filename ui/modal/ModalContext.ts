/** What every view reads: the engine (atoms and actions), the message table and the locale. */
import { createContext, useContext } from "react"
import type { Engine } from "../../core/atoms/Engine.ts"
import type { Messages } from "../i18n/en.ts"
import type { Translate } from "../i18n/Messages.ts"

export interface ModalContextValue {
  readonly engine: Engine
  readonly messages: Messages
  readonly t: Translate
  readonly locale: string
}

export const ModalContext = createContext<ModalContextValue | undefined>(undefined)

export const useModalContext = (): ModalContextValue => {
  const value = useContext(ModalContext)
  if (value === undefined) throw new Error("Modal views render inside <ModalRoot>")
  return value
}
