/** The toast on screen (the engine swaps them with the 150 ms rule); announced politely. */
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function Toast() {
  const { engine } = useModalContext()
  const { toast } = useEngineAtom(engine.atoms.modal)
  return (
    <div role="status" aria-live="polite">
      {toast === undefined ? null : <div className={`toast ${toast.variant}`}>{toast.message}</div>}
    </div>
  )
}
