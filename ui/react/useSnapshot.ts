/** The first chunk's view of the session and modal, re-rendering on change (useSyncExternalStore). */
import { useSyncExternalStore } from "react"
import type * as Snapshot from "../../app/Snapshot.ts"
import { usePortico } from "./PorticoContext.ts"

export const useSnapshot = (): Snapshot.Snapshot => {
  const { snapshot } = usePortico()
  return useSyncExternalStore(snapshot.subscribe, snapshot.get, snapshot.get)
}
