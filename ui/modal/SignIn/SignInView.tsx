/**
 * SIWXSignMessage (and ConnectingSiwe for the older `siweConfig`), spec §4: the wallet is asked to
 * sign as soon as the view opens ('Authenticating...'); a failure shows its message with "Try again";
 * cancel disconnects when sign-in is required, otherwise closes.
 */
import { errorText } from "../components/errorText.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function SignInView() {
  const { engine, t } = useModalContext()
  const status = useEngineAtom(engine.atoms.signIn)
  const busy = status._tag === "Signing" || status._tag === "Checking"
  return (
    <div className="center">
      <strong>{t("signInTitle", { name: engine.config.metadata.name })}</strong>
      <p className="muted">{t(engine.signInRequired ? "signInExplainRequired" : "signInExplain")}</p>
      {busy ? <p role="status">{t("signInAuthenticating")}</p> : null}
      {status._tag === "Failed" ? <p role="alert" className="error">{errorText({ _tag: status.errorTag, message: status.message }, t)}</p> : null}
      <div className="actions">
        {status._tag === "Failed"
          ? <button type="button" className="primary" onClick={() => void engine.retrySignIn()}>{t("tryAgain")}</button>
          : null}
        <button type="button" className="secondary" onClick={() => void engine.cancelSignIn()}>{t(engine.signInRequired ? "signInCancelDisconnect" : "signInCancel")}</button>
      </div>
    </div>
  )
}
