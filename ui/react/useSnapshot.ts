/** The first chunk's view of the session and modal, re-rendering on change (useSyncExternalStore). */
import { useSyncExternalStore } from "react"
import * as Snapshot from "../../app/Snapshot.ts"
import { usePortico } from "./PorticoContext.ts"

const serverSnapshot = (): Snapshot.Snapshot => Snapshot.initial

export const useSnapshot = (): Snapshot.Snapshot => {
  const { snapshot } = usePortico()
  // On the server and while hydrating, the state every first render starts from: the page rendered on
  // the server knows no session, so the client's first render matches it; restored state follows.
  return useSyncExternalStore(snapshot.subscribe, snapshot.get, serverSnapshot)
}
