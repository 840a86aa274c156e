/**
 * ConnectingSocial: the provider's sign-in window is open (or the page came back from it); the view
 * waits for the login to complete, says what went wrong, and lets the visitor give up.
 */
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { errorText } from "../components/errorText.ts"
import { socialName } from "../Connect/SocialButtons.tsx"

export function ConnectingSocial() {
  const { engine, t } = useModalContext()
  const { step, problem } = useEngineAtom(engine.atoms.login)
  const provider = step._tag === "Social" && step.provider !== undefined ? socialName(step.provider) : undefined
  return (
    <div className="center" data-view="ConnectingSocial">
      <p role="status">{provider === undefined ? t("socialWaitingAny") : t("socialWaiting", { provider })}</p>
      {problem === undefined ? null : <p className="error" role="alert">{errorText(problem, t)}</p>}
      <button type="button" className="secondary" onClick={() => void engine.cancelLogin().then(() => engine.goBackTo("Connect"))}>{t("cancel")}</button>
    </div>
  )
}
