/** The toast on screen (the engine swaps them with the 150 ms rule), inside the dialog's polite live region. */
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { errorText } from "./errorText.ts"

export function Toast() {
  const { engine, t } = useModalContext()
  const { toast } = useEngineAtom(engine.atoms.modal)
  if (toast === undefined) return null
  return (
    <div className={`toast ${toast.variant}`}>
      {toast.errorTag === undefined ? toast.message : errorText({ _tag: toast.errorTag, message: toast.message }, t)}
      {toast.link === undefined || !/^https?:\/\//.test(toast.link.href)
        ? null
        : <a href={toast.link.href} target="_blank" rel="noopener noreferrer">{toast.link.label}</a>}
    </div>
  )
}
