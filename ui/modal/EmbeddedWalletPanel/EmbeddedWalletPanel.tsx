/**
 * The embedded wallet's own panels inside the modal (ApproveTransaction, and the wallet's setup, recovery
 * key export and account type), each the frame's page in a PanelFrame, or drawn in the wallet's own window when it runs
 * there. A window closed meanwhile is said here, with the offer to open it again.
 */
import type { PanelKind } from "../../../core/embedded/FrameProtocol.ts"
import type { MessageKey } from "../../i18n/en.ts"
import { errorText } from "../components/errorText.ts"
import { opensWalletWindow, WalletWindowOffer } from "../components/WalletWindowOffer.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { PanelFrame } from "./PanelFrame.tsx"

/** Each panel's title; the codes' panels are shown by the login's own views. */
const titles: Partial<Record<PanelKind, MessageKey>> = {
  approve: "panelApprove",
  setup: "panelSetup",
  recover: "panelRecover",
  export: "panelExport",
  accountType: "accountTypeSettings"
}

export function EmbeddedWalletPanel() {
  const { engine, t } = useModalContext()
  const { step, problem } = useEngineAtom(engine.atoms.login)
  if (step._tag !== "Panel") return <p className="muted" role="status">{t("loading")}</p>
  const title = t(titles[step.kind] ?? "panelRecover")
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
