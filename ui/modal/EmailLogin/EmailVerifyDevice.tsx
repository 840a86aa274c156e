/**
 * EmailVerifyDevice (spec §4 "Email login"): a known visitor on a new device approves it from the link
 * mailed to the address; the view waits, then the code step follows by itself.
 */
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { errorText } from "../components/errorText.ts"
import { ResendCode } from "./ResendCode.tsx"

export function EmailVerifyDevice() {
  const { engine, t } = useModalContext()
  const { step, problem } = useEngineAtom(engine.atoms.login)
  return (
    <div className="center" data-view="EmailVerifyDevice">
      <p role="status">{step._tag === "Device" ? t("deviceCheck", { email: step.email }) : t("loading")}</p>
      <p className="muted">{t("deviceCheckHint")}</p>
      {problem === undefined ? null : <p className="error" role="alert">{errorText(problem, t)}</p>}
      {step._tag === "Device" ? <ResendCode what="link" sentAt={step.sentAt} onResend={() => void engine.resendEmailCode().catch(() => undefined)} /> : null}
    </div>
  )
}
