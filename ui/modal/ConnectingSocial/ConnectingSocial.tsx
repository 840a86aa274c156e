/**
 * ConnectingSocial: the provider's sign-in window is open (or the page came back from it); the view
 * waits for the login to complete, says what went wrong (the provider refused, the window was closed
 * before the sign-in finished…) with "Try again" in a new window, and lets the visitor give up.
 */
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { errorText } from "../components/errorText.ts"
import { useSocialLogin } from "../components/useSocialLogin.ts"
import { socialName } from "../Connect/SocialButtons.tsx"

export function ConnectingSocial() {
  const { engine, t } = useModalContext()
  const { step, problem } = useEngineAtom(engine.atoms.login)
  const retry = useSocialLogin()
  const provider = step._tag === "Social" ? step.provider : undefined
  const failure = retry.failure ?? problem
  return (
    <div className="center" data-view="ConnectingSocial">
      {failure === undefined
        ? <p role="status">{provider === undefined ? t("socialWaitingAny") : t("socialWaiting", { provider: socialName(provider) })}</p>
        : <p className="error" role="alert" data-social-problem={failure._tag}>{errorText(failure, t)}</p>}
      <div className="actions">
        {failure === undefined || provider === undefined ? null : (
          <button type="button" className="primary" data-social-retry="" onClick={() => retry.start(provider)}>{t("tryAgain")}</button>
        )}
        <button type="button" className="secondary" onClick={() => void engine.cancelLogin().then(() => engine.goBackTo("Connect"))}>{t("cancel")}</button>
      </div>
    </div>
  )
}
