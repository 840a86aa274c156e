/**
 * One of the embedded wallet's own panels inside the modal: an iframe on the wallet's origin. Its
 * decisive controls, the codes typed into it and the secrets it shows exist only there, so the host's
 * page can neither press, read nor type into them. `allow-popups` lets the panel open the wallet's own
 * window from the visitor's click when it cannot prove it is shown (a real window nobody can overlay).
 * Where the whole wallet runs in its own window (the browser refused the hidden frame its storage), the
 * panel is drawn there and this says so.
 */
import { useModalContext } from "../ModalContext.ts"

export function PanelFrame({ url, kind, title }: { readonly url: string | undefined; readonly kind: string; readonly title: string }) {
  const { t } = useModalContext()
  // The wallet runs in its own window, which shows the panel itself: the modal points there.
  if (url === undefined) return <p className="muted" role="status" data-wallet-window-panel={kind}>{t("walletWindowContinue")}</p>
  return (
    <iframe
      className="panel"
      data-embedded-panel={kind}
      src={url}
      title={title}
      // WebAuthn (the passkey that protects the recovery share) and copying the exported phrase, in the panel only.
      allow="publickey-credentials-create; publickey-credentials-get; clipboard-write"
      referrerPolicy="no-referrer"
      // Its own origin's storage and scripts, its own window (unsandboxed, so it is a normal page of the
      // wallet's origin), no navigating the host's page. The pair allow-scripts + allow-same-origin only
      // weakens a sandbox around same-origin content; the panel is always on the wallet's origin.
      // oxlint-disable-next-line react/iframe-missing-sandbox
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
    />
  )
}
