/**
 * "Resend code" (or "Resend link" on the device check, whose mail carries a link), counting down the
 * spec's 30 s between two mails (§9) from when the last one went.
 */
import { useEffect, useState } from "react"
import * as Constants from "../../../core/Constants.ts"
import { useModalContext } from "../ModalContext.ts"

const labels = {
  code: { now: "resendCode", later: "resendCodeIn" },
  link: { now: "resendLink", later: "resendLinkIn" }
} as const

export function ResendCode({ sentAt, onResend, what = "code" }: { readonly sentAt: number; readonly onResend: () => void; readonly what?: keyof typeof labels }) {
  const { engine, t } = useModalContext()
  const [now, setNow] = useState(engine.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(engine.now()), 1000)
    return () => clearInterval(timer)
  }, [engine])
  const seconds = Math.max(0, Math.ceil((sentAt + Constants.emailCooldownMillis - now) / 1000))
  return (
    <button type="button" className="secondary" data-resend-code="" disabled={seconds > 0} onClick={onResend}>
      {seconds > 0 ? t(labels[what].later, { seconds }) : t(labels[what].now)}
    </button>
  )
}
