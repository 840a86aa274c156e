/**
 * The embedded wallet's own panels inside the modal (ApproveTransaction, and the wallet's setup, recovery
 * and key export), each the frame's page in a PanelFrame.
 */
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { PanelFrame } from "./PanelFrame.tsx"

export function EmbeddedWalletPanel() {
  const { engine, t } = useModalContext()
  const { step } = useEngineAtom(engine.atoms.login)
  if (step._tag !== "Panel") return <p className="muted" role="status">{t("loading")}</p>
  const title = t(step.kind === "approve" ? "panelApprove" : step.kind === "export" ? "panelExport" : step.kind === "setup" ? "panelSetup" : "panelRecover")
  return <PanelFrame url={step.url} kind={step.kind} title={title} />
}
