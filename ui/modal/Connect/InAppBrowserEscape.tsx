/**
 * In an in-app browser (core/InAppBrowser.ts) the Connect view leads the visitor out to their own browser,
 * where wallets can be reached: a link that opens the page there, or, where the app allows none, the page's
 * link to copy with instructions. The app's name is shown as text.
 */
import type * as InAppBrowser from "../../../core/InAppBrowser.ts"
import { useStage } from "../StageContext.ts"

export function InAppBrowserEscape({ escape }: { readonly escape: InAppBrowser.Escape }) {
  const { stage, t } = useStage()
  const copy = (url: string) => {
    navigator.clipboard.writeText(url).then(
      () => stage.showToast({ message: t("linkCopied"), variant: "success" }),
      () => stage.showToast({ message: t("copyFailed"), variant: "error" })
    )
  }
  return (
    <div className="stack center" data-in-app-browser={escape._tag}>
      <p>{t("inAppBrowserNotice", { app: escape.app })}</p>
      {escape._tag === "Open"
        ? <a className="primary" href={escape.href}>{t("openInBrowser")}</a>
        : (
          <>
            <p className="muted">{t("inAppBrowserCopyHint")}</p>
            <button type="button" className="primary" onClick={() => copy(escape.url)}>{t("copyLink")}</button>
          </>
        )}
    </div>
  )
}
