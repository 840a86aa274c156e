/**
 * A QR code as an <img> of an SVG data URL built by `uqr` (never injected as markup, so it works under
 * a strict CSP with `img-src data:`). `uqr` loads on first use (for WalletConnect, while the visitor heads
 * for it: FeatureView.tsx); while it does, an empty square holds the place. A new `text` never shows the
 * image of the old one.
 */
import { useEffect, useState } from "react"
import { useModalContext } from "../ModalContext.ts"

export function QrCode({ text, alt, ...data }: { readonly text: string | undefined; readonly alt: string } & Readonly<Record<`data-${string}`, string | undefined>>) {
  const { t } = useModalContext()
  const [rendered, setRendered] = useState<{ readonly text: string; readonly image: string } | undefined>(undefined)
  const image = rendered !== undefined && rendered.text === text ? rendered.image : undefined

  useEffect(() => {
    if (text === undefined) return
    let live = true
    import("uqr").then(
      ({ renderSVG }) => {
        if (live) setRendered({ text, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { border: 1 }))}` })
      },
      // Without the code's drawing the link stays: the view's copy button and wallet links still work.
      () => {
        if (live) setRendered({ text, image: "" })
      }
    )
    return () => {
      live = false
    }
  }, [text])

  return image === undefined
    ? <div className="qr" role="status" aria-label={t("loading")} />
    : image === ""
    ? <p className="qr error" role="alert">{t("qrUnavailable")}</p>
    : <img className="qr" src={image} alt={alt} {...data} />
}
