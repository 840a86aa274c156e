/**
 * EmailVerifyOtp (spec §4 "Email login", "Email update"): the code mailed to the address, submitted as
 * soon as it is complete; a wrong or expired code is said and another can be typed or asked for.
 * The same view confirms both codes of an email update.
 */
import { useState } from "react"
import { settle } from "../../../app/Action.ts"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { OtpField } from "./OtpField.tsx"
import { ResendCode } from "./ResendCode.tsx"

export function EmailVerifyOtp() {
  const { engine, t } = useModalContext()
  const { step } = useEngineAtom(engine.atoms.login)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  // A fresh field after each failure, so the next code is typed into an empty one.
  const [attempt, setAttempt] = useState(0)
  const update = step._tag === "UpdatePrimary" || step._tag === "UpdateSecondary"
  const confirm = (code: string) => {
    setFailure(undefined)
    setBusy(true)
    const verified = update ? engine.verifyUpdateEmailOtp(code) : engine.verifyEmailOtp(code)
    verified.then(
      () => setBusy(false),
      (cause: unknown) => {
        setBusy(false)
        setFailure(asFailure(cause))
        setAttempt((count) => count + 1)
      }
    )
  }
  const recipient = step._tag === "Otp" ? step.email : step._tag === "UpdateSecondary" ? step.newEmail : undefined
  return (
    <div className="stack" data-view="EmailVerifyOtp">
      <p>{recipient === undefined ? t("otpSentToCurrent") : t("otpSentTo", { email: recipient })}</p>
      <OtpField key={attempt} onComplete={confirm} disabled={busy} />
      {busy ? <p className="muted" role="status">{t("loading")}</p> : null}
      {failure === undefined ? null : <p className="error" role="alert" data-otp-problem="">{errorText(failure, t)}</p>}
      {step._tag === "Otp" ? <ResendCode sentAt={step.sentAt} onResend={() => settle(engine.resendEmailCode(), () => undefined, setFailure)} /> : null}
    </div>
  )
}
