/**
 * EmailVerifyOtp (spec §4 "Email login", "Email update"): where the mailed code went, and the wallet's own
 * panel where it is typed. The host's page never holds a code field: a page that saw the code could log
 * in as the visitor. What is wrong with a code the panel says itself; Resend opens a new panel. The same
 * view shows the panel that takes both codes of an email update.
 */
import { errorText } from "../components/errorText.ts"
import { PanelFrame } from "../EmbeddedWalletPanel/PanelFrame.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { ResendCode } from "./ResendCode.tsx"

export function EmailVerifyOtp() {
  const { engine, t } = useModalContext()
  const { step, problem } = useEngineAtom(engine.atoms.login)
  if (step._tag !== "Otp" && step._tag !== "UpdateCode") return <p className="muted" role="status">{t("loading")}</p>
  return (
    <div className="stack" data-view="EmailVerifyOtp">
      <p data-code-sent="">{step._tag === "Otp" ? t("otpSentTo", { email: step.email }) : t("otpSentToCurrent", { email: step.newEmail })}</p>
      <PanelFrame url={step.panel.url} kind="otp" title={t("modalTitleEmailCode")} />
      {problem === undefined ? null : <p className="error" role="alert">{errorText(problem, t)}</p>}
      {step._tag === "Otp" ? <ResendCode sentAt={step.sentAt} onResend={() => void engine.resendEmailCode().catch(() => undefined)} /> : null}
    </div>
  )
}
