/**
 * After the visitor cancelled or declined sign-in (or it failed), the Account view offers it again: the
 * wallet is asked for the signature from here, without a reload or a reconnect.
 */
import { useModalContext, useEngineAtom } from "../ModalContext.ts"

export function SignInPrompt() {
  const { engine, t } = useModalContext()
  const status = useEngineAtom(engine.atoms.signIn)
  if (status._tag !== "Declined" && status._tag !== "Failed") return null
  return (
    <div className="row-line" data-sign-in-prompt="">
      <span className="muted">{t("signInNotYet", { name: engine.config.metadata.name })}</span>
      <button type="button" className="secondary" onClick={() => void engine.retrySignIn()}>{t("signInAgain")}</button>
    </div>
  )
}
