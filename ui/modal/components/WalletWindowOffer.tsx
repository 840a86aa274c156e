/**
 * "Continue in the wallet's window": the one button that moves the embedded wallet into its own window
 * (a first-party popup on the wallet's origin) where the browser refuses the hidden frame its storage, or
 * opens it again once the visitor closed it. The window opens in this click (engine.continueInWalletWindow),
 * so no popup blocker stops it; what the window could not do is said under the button.
 */
import { useState } from "react"
import { useModalContext } from "../ModalContext.ts"
import { asFailure, type Failure } from "./asFailure.ts"
import { errorText } from "./errorText.ts"

export function WalletWindowOffer() {
  const { engine, t } = useModalContext()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const open = () => {
    setFailure(undefined)
    setBusy(true)
    engine.continueInWalletWindow().then(
      () => setBusy(false),
      (cause: unknown) => {
        setBusy(false)
        setFailure(asFailure(cause))
      }
    )
  }
  return (
    <div className="stack">
      <button type="button" className="primary" data-wallet-window="" disabled={busy} onClick={open}>{t("walletWindowContinue")}</button>
      {failure === undefined ? null : <p className="error" role="alert" data-wallet-window-problem="">{errorText(failure, t)}</p>}
    </div>
  )
}
