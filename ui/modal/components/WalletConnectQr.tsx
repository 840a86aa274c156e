/**
 * The WalletConnect pairing as a QR code: an SVG built by `uqr` and shown through an <img> data URL
 * (never injected as markup), the link to copy, and the engine refreshing it before it expires.
 */
import { useEffect, useState } from "react"
import { ConnectError } from "./ConnectError.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function WalletConnectQr() {
  const { engine, t } = useModalContext()
  const connection = useEngineAtom(engine.atoms.connection)
  const attempt = useEngineAtom(engine.atoms.attempt)
  const [rendered, setRendered] = useState<{ readonly uri: string; readonly image: string } | undefined>(undefined)
  const uri = connection.wcUri
  // A refreshed pairing replaces the URI: an image of the old one is never shown.
  const image = rendered !== undefined && rendered.uri === uri ? rendered.image : undefined

  useEffect(() => {
    if (uri === undefined) return
    let live = true
    void import("uqr").then(({ renderSVG }) => {
      if (live) setRendered({ uri, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 1 }))}` })
    })
    return () => {
      live = false
    }
  }, [uri])

  const copy = () => {
    if (uri === undefined) return
    navigator.clipboard.writeText(uri).then(
      () => engine.showToast({ message: t("linkCopied"), variant: "success" }),
      () => engine.showToast({ message: t("copyFailed"), variant: "error" })
    )
  }

  const failed = attempt._tag === "Failed" && attempt.connectorId === "walletConnect" ? attempt : undefined
  // No pairing URI before the engine's deadline: the relay could not be reached (connection wcError).
  const relayUnreachable = failed !== undefined && connection.wcError && uri === undefined
  return (
    <div className="center">
      {failed !== undefined
        ? <ConnectError attempt={failed} {...(relayUnreachable ? { detail: t("relayUnreachable") } : {})} />
        : null}
      {relayUnreachable ? null : (
        <>
          {image === undefined
            ? <div className="qr" role="status" aria-label={t("loading")} />
            : <img className="qr" src={image} alt={t("qrAlt")} data-wc-uri={uri} />}
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
