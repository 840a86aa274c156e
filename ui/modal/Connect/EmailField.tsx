/**
 * The email method of Connect (spec §2, §4 "Email login"): the address, checked as typed against the
 * spec's format, sent once per 30 s; the cooldown and every other failure are said under the field.
 */
import { errorText } from "../components/errorText.ts"
import { useEmailForm } from "../components/useEmailForm.ts"
import { WalletWindowOffer } from "../components/WalletWindowOffer.tsx"
import { useStage } from "../StageContext.ts"

export function EmailField() {
  const { stage, t } = useStage()
  const form = useEmailForm(stage.connectEmail)
  return (
    <form className="email" noValidate onSubmit={(event) => {
      event.preventDefault()
      form.submit()
    }}>
      <div className="field">
        {/* The label names the field alone: the submit button beside it has its own name. */}
        <label htmlFor="portico-email">{t("emailLabel")}</label>
        <span className="with-suffix">
          <input id="portico-email" type="email" autoComplete="email" inputMode="email" value={form.email} data-email-input="" aria-invalid={form.invalid}
            aria-describedby={form.invalid || form.failure !== undefined ? "portico-email-problem" : undefined}
            onChange={(event) => form.setEmail(event.currentTarget.value)} />
          <button type="submit" className="primary" data-email-submit="" disabled={!form.ready}>{t("emailContinue")}</button>
        </span>
      </div>
      {form.invalid || form.failure !== undefined
        ? <p className="error" role="alert" id="portico-email-problem">{form.failure === undefined ? t("errorInvalidEmail") : errorText(form.failure, t)}</p>
        : null}
      <WalletWindowOffer failure={form.failure} />
    </form>
  )
}
