/**
 * The WalletConnect pairing as a QR code, the link to copy, and the engine refreshing it before it
 * expires.
 */
import { ConnectError } from "./ConnectError.tsx"
import { QrCode } from "./QrCode.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function WalletConnectQr() {
  const { engine, t } = useModalContext()
  const connection = useEngineAtom(engine.atoms.connection)
  const attempt = useEngineAtom(engine.atoms.attempt)
  // A refreshed pairing replaces the URI: QrCode never shows the image of the old one.
  const uri = connection.wcUri

  const copy = () => {
    if (uri === undefined) return
    navigator.clipboard.writeText(uri).then(
      () => engine.showToast({ message: t("linkCopied"), variant: "success" }),
      () => engine.showToast({ message: t("copyFailed"), variant: "error" })
    )
  }

  const failed = attempt._tag === "Failed" && attempt.connectorId === "walletConnect" ? attempt : undefined
  // No pairing URI before the engine's deadline: there is no QR code to show, only the error and a retry.
  const relayUnreachable = failed?.error._tag === "RelayUnreachableError"
  return (
    <div className="center">
      {failed !== undefined ? <ConnectError attempt={failed} /> : null}
      {relayUnreachable ? null : (
        <>
          <QrCode text={uri} alt={t("qrAlt")} data-wc-uri={uri} />
          <p className="muted">{t("scanWithWallet")}</p>
          <button type="button" className="secondary" onClick={copy} aria-disabled={uri === undefined}>
            {t("copyLink")}
          </button>
        </>
      )}
      {failed !== undefined
        ? (
          <button type="button" className="primary" onClick={() => void engine.connect("walletConnect")}>
            {t("tryAgain")}
          </button>
        )
        : null}
    </div>
  )
}
