/**
 * A 6-digit code field: digits only (a pasted code with spaces or dashes is cleaned), the browser's
 * one-time-code autofill, and the code submitted by itself once the sixth digit is in.
 */
import { useState } from "react"
import { useModalContext } from "../ModalContext.ts"

const codeLength = 6

export function OtpField({ onComplete, disabled }: { readonly onComplete: (code: string) => void; readonly disabled: boolean }) {
  const { t } = useModalContext()
  const [code, setCode] = useState("")
  return (
    <label className="field">
      <span>{t("otpLabel")}</span>
      <input type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={codeLength * 2} value={code} disabled={disabled}
        data-otp-input="" className="otp"
        onChange={(event) => {
          const digits = event.currentTarget.value.replace(/\D/g, "").slice(0, codeLength)
          setCode(digits)
          if (digits.length === codeLength) onComplete(digits)
        }} />
    </label>
  )
}
