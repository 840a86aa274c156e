/**
 * "Continue in the wallet's window": the one button that moves the embedded wallet into a first-party
 * popup on its origin, or opens it again (WalletWindowOffer.tsx shows it, loaded only then). The window
 * opens in this click (engine.continueInWalletWindow), so no popup blocker stops it; what could not be
 * done is said under the button.
 */
import { useState } from "react"
import { useModalContext } from "../ModalContext.ts"
import { asFailure, type Failure } from "./asFailure.ts"
import { errorText } from "./errorText.ts"

export function WalletWindowButton() {
  const { engine, t } = useModalContext()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Failure | undefined>(undefined)
  const open = () => {
    setProblem(undefined)
    setBusy(true)
    engine.continueInWalletWindow().then(() => setBusy(false), (cause: unknown) => {
      setBusy(false)
      setProblem(asFailure(cause))
    })
  }
  return (
    <>
      <button type="button" className="primary" data-wallet-window="" disabled={busy} onClick={open}>{t("walletWindowContinue")}</button>
      {problem === undefined ? null : <p className="error" role="alert">{errorText(problem, t)}</p>}
    </>
  )
}
