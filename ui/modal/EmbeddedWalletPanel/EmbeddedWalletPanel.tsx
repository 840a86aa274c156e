/**
 * The embedded wallet's own panels inside the modal (ApproveTransaction, and the wallet's setup, recovery
 * and key export), each the frame's page in a PanelFrame, or drawn in the wallet's own window when it runs
 * there. A window closed meanwhile is said here, with the offer to open it again.
 */
import { errorText } from "../components/errorText.ts"
import { opensWalletWindow, WalletWindowOffer } from "../components/WalletWindowOffer.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { PanelFrame } from "./PanelFrame.tsx"

export function EmbeddedWalletPanel() {
  const { engine, t } = useModalContext()
  const { step, problem } = useEngineAtom(engine.atoms.login)
  if (step._tag !== "Panel") return <p className="muted" role="status">{t("loading")}</p>
  const title = t(step.kind === "approve" ? "panelApprove" : step.kind === "export" ? "panelExport" : step.kind === "setup" ? "panelSetup" : "panelRecover")
  if (opensWalletWindow(problem)) {
    return (
      <div className="stack">
        <p className="error" role="alert">{errorText(problem, t)}</p>
        <WalletWindowOffer failure={problem} />
      </div>
    )
  }
  return <PanelFrame url={step.url} kind={step.kind} title={title} />
}
