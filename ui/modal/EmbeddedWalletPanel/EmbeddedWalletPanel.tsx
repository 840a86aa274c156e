/**
 * The embedded wallet's own panels inside the modal (ApproveTransaction, and the wallet's setup, recovery
 * and key export): an iframe on the wallet's origin. Its approve and reject controls, the recovery code
 * and the exported keys exist only there, so the host's page can neither press nor read them.
 */
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function EmbeddedWalletPanel() {
  const { engine, t } = useModalContext()
  const { step } = useEngineAtom(engine.atoms.login)
  if (step._tag !== "Panel") return <p className="muted" role="status">{t("loading")}</p>
  return (
    <iframe
      className="panel"
      data-embedded-panel={step.kind}
      src={step.url}
      title={t(step.kind === "approve" ? "panelApprove" : step.kind === "export" ? "panelExport" : step.kind === "setup" ? "panelSetup" : "panelRecover")}
      // WebAuthn (the passkey that protects the recovery share) and copying the exported phrase, in the panel only.
      allow="publickey-credentials-create; publickey-credentials-get; clipboard-write"
      referrerPolicy="no-referrer"
      // Its own origin's storage and scripts, no navigating the host's page, no popups. The pair
      // allow-scripts + allow-same-origin only weakens a sandbox around same-origin content; the panel
      // is always on the wallet's origin, never the host's.
      // oxlint-disable-next-line react/iframe-missing-sandbox
      sandbox="allow-scripts allow-same-origin allow-forms"
    />
  )
}
