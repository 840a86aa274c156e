/**
 * The email method of Connect (spec §2, §4 "Email login"): the address, checked as typed against the
 * spec's format, sent once per 30 s; the cooldown and every other failure are said under the field.
 */
import { useState } from "react"
import * as Email from "../../../core/Email.ts"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { useModalContext } from "../ModalContext.ts"

export function EmailField() {
  const { engine, t } = useModalContext()
  const [email, setEmail] = useState("")
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const invalid = email.trim() !== "" && !Email.isValid(email.trim())
  return (
    <form className="email" noValidate onSubmit={(event) => {
      event.preventDefault()
      if (invalid || email.trim() === "") return
      setFailure(undefined)
      setBusy(true)
      engine.connectEmail(email).then(
        () => setBusy(false),
        (cause: unknown) => {
          setBusy(false)
          setFailure(asFailure(cause))
        }
      )
    }}>
      <label className="field">
        <span>{t("emailLabel")}</span>
        <span className="with-suffix">
          <input type="email" autoComplete="email" inputMode="email" value={email} data-email-input="" aria-invalid={invalid}
            aria-describedby={invalid || failure !== undefined ? "portico-email-problem" : undefined}
            onChange={(event) => setEmail(event.currentTarget.value)} />
          <button type="submit" className="primary" data-email-submit="" disabled={busy || invalid || email.trim() === ""}>{t("emailContinue")}</button>
        </span>
      </label>
      {invalid || failure !== undefined
        ? <p className="error" role="alert" id="portico-email-problem">{invalid ? t("errorInvalidEmail") : errorText(failure ?? { _tag: "", message: "" }, t)}</p>
        : null}
    </form>
  )
}
