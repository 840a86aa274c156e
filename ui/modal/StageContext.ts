/**
 * What the dialog and the Connect view read: the stage running them (the lobby, then the engine:
 * app/Stage.ts) and the visitor's words. The views past Connect read the engine itself (ModalContext.ts).
 */
import type { ComponentType } from "react"
import { createContext, useContext, useSyncExternalStore } from "react"
import type { Stage, StageState } from "../../app/Stage.ts"
import type { Locale } from "../../core/Locale.ts"
import type { Route } from "../../core/ModalRoute.ts"
import type { Translate } from "../i18n/Messages.ts"

export interface StageContextValue {
  readonly stage: Stage
  readonly t: Translate
  readonly locale: Locale
}

/** The engine's part of the dialog, once it runs it: the views past Connect and the toast. */
export interface EngineViews {
  readonly Body: ComponentType<{ readonly route: Route }>
  readonly Toast: ComponentType
}

export const StageContext = createContext<StageContextValue | undefined>(undefined)

export const useStage = (): StageContextValue => {
  const value = useContext(StageContext)
  if (value === undefined) throw new Error("The modal's views render inside its Shell")
  return value
}

/** The stage's state, re-rendering on change; a new stage (the engine taking over) is followed at once. */
export const useStageState = (): StageState => {
  const { stage } = useStage()
  return useSyncExternalStore(stage.subscribe, stage.get, stage.get)
}
