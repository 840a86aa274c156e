/**
 * EmailVerifyOtp (spec §4 "Email login", "Email update"): where the mailed code went, and the wallet's own
 * panel where it is typed. The host's page never holds a code field: a page that saw the code could log
 * in as the visitor. What is wrong with a code the panel says itself; Resend opens a new panel. The same
 * view shows the panel that takes both codes of an email update.
 */
import { useState } from "react"
import { settle } from "../../../app/Action.ts"
import { errorText, type Failure } from "../components/errorText.ts"
import { WalletWindowOffer } from "../components/WalletWindowOffer.tsx"
import { PanelFrame } from "../EmbeddedWalletPanel/PanelFrame.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { ResendCode } from "./ResendCode.tsx"

export function EmailVerifyOtp() {
  const { engine, t } = useModalContext()
  const { step, problem } = useEngineAtom(engine.atoms.login)
  const [resendFailure, setResendFailure] = useState<Failure | undefined>(undefined)
  const shown = resendFailure ?? problem
  if (step._tag !== "Otp" && step._tag !== "UpdateCode") return <p className="muted" role="status">{t("loading")}</p>
  return (
    <div className="stack" data-view="EmailVerifyOtp">
      <p data-code-sent="">{step._tag === "Otp" ? t("otpSentTo", { email: step.email }) : t("otpSentToCurrent", { email: step.newEmail })}</p>
      <PanelFrame url={step.panel.url} kind="otp" title={t("modalTitleEmailCode")} />
      {shown === undefined ? null : <p className="error" role="alert">{errorText(shown, t)}</p>}
      <WalletWindowOffer failure={shown} />
      {step._tag === "Otp" ? <ResendCode sentAt={step.sentAt} onResend={() => settle(engine.resendEmailCode(), () => setResendFailure(undefined), setResendFailure)} /> : null}
    </div>
  )
}
