/**
 * "Continue in the wallet's window", beside a failure the embedded wallet's own window answers (the
 * browser refused the hidden frame its storage, or the visitor closed the window the wallet ran in): the
 * one button that moves the wallet into a first-party popup on its origin, or opens it again. The window
 * opens in this click (engine.continueInWalletWindow), so no popup blocker stops it; what could not be
 * done is said under the button.
 */
import { useState } from "react"
import { useStage } from "../StageContext.ts"
import { asFailure, type Failure } from "./asFailure.ts"
import { errorText } from "./errorText.ts"

const answered: ReadonlySet<string> = new Set(["EmbeddedWalletStorageBlockedError", "EmbeddedWalletWindowClosedError"])

export const opensWalletWindow = (failure: Failure | undefined): failure is Failure => failure !== undefined && answered.has(failure._tag)

export function WalletWindowOffer({ failure }: { readonly failure: Failure | undefined }) {
  const { stage, t } = useStage()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Failure | undefined>(undefined)
  if (!opensWalletWindow(failure)) return null
  const open = () => {
    setProblem(undefined)
    setBusy(true)
    stage.continueInWalletWindow().then(() => setBusy(false), (cause: unknown) => {
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
