/**
 * UpdateEmailWallet (spec §4 "Email update"): the new address, checked against the spec's format; a code
 * then goes to the current address, and after it one to the new address (EmailVerifyOtp, both times).
 */
import { errorText } from "../components/errorText.ts"
import { useEmailForm } from "../components/useEmailForm.ts"
import { useModalContext } from "../ModalContext.ts"

export function UpdateEmailWallet() {
  const { engine, t } = useModalContext()
  const form = useEmailForm(engine.updateEmail)
  return (
    <form className="stack" noValidate onSubmit={(event) => {
      event.preventDefault()
      form.submit()
    }}>
      <label className="field">
        <span>{t("updateEmailLabel")}</span>
        <input type="email" autoComplete="email" value={form.email} data-update-email-input="" aria-invalid={form.invalid}
          onChange={(event) => form.setEmail(event.currentTarget.value)} />
      </label>
      {form.invalid ? <p className="error" role="alert">{t("errorInvalidEmail")}</p> : null}
      {form.failure === undefined ? null : <p className="error" role="alert">{errorText(form.failure, t)}</p>}
      <div className="actions">
        <button type="submit" className="primary" disabled={!form.ready}>{t("emailContinue")}</button>
      </div>
    </form>
  )
}
