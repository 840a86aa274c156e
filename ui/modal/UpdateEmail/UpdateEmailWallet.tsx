/**
 * UpdateEmailWallet (spec §4 "Email update"): the new address, checked against the spec's format; a code
 * then goes to the current address, and after it one to the new address (EmailVerifyOtp, both times).
 */
import { useState } from "react"
import * as Email from "../../../core/Email.ts"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { useModalContext } from "../ModalContext.ts"

export function UpdateEmailWallet() {
  const { engine, t } = useModalContext()
  const [email, setEmail] = useState("")
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const invalid = email.trim() !== "" && !Email.isValid(email.trim())
  return (
    <form className="stack" noValidate onSubmit={(event) => {
      event.preventDefault()
      setFailure(undefined)
      setBusy(true)
      engine.updateEmail(email).then(() => setBusy(false), (cause: unknown) => {
        setBusy(false)
        setFailure(asFailure(cause))
      })
    }}>
      <label className="field">
        <span>{t("updateEmailLabel")}</span>
        <input type="email" autoComplete="email" value={email} data-update-email-input="" aria-invalid={invalid}
          onChange={(event) => setEmail(event.currentTarget.value)} />
      </label>
      {invalid ? <p className="error" role="alert">{t("errorInvalidEmail")}</p> : null}
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || invalid || email.trim() === ""}>{t("emailContinue")}</button>
      </div>
    </form>
  )
}
