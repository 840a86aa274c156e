/**
 * EmailVerifyDevice (spec §4 "Email login"): a known visitor on a new device approves it from the link
 * mailed to the address; the view waits, then the code step follows by itself.
 */
import { useState } from "react"
import { settle } from "../../../app/Action.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { errorText, type Failure } from "../components/errorText.ts"
import { ResendCode } from "./ResendCode.tsx"

export function EmailVerifyDevice() {
  const { engine, t } = useModalContext()
  const { step, problem } = useEngineAtom(engine.atoms.login)
  const [resendFailure, setResendFailure] = useState<Failure | undefined>(undefined)
  const shown = resendFailure ?? problem
  return (
    <div className="center" data-view="EmailVerifyDevice">
      <p role="status">{step._tag === "Device" ? t("deviceCheck", { email: step.email }) : t("loading")}</p>
      <p className="muted">{t("deviceCheckHint")}</p>
      {shown === undefined ? null : <p className="error" role="alert">{errorText(shown, t)}</p>}
      {step._tag === "Device"
        ? <ResendCode what="link" sentAt={step.sentAt} onResend={() => settle(engine.resendEmailCode(), () => setResendFailure(undefined), setResendFailure)} />
        : null}
    </div>
  )
}
