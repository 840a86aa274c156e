/**
 * ConnectingFarcaster: the Sign In With Farcaster link (`farcasterUrl`) as a QR code for the visitor's phone,
 * and as a link that opens Farcaster on this device (an anchor, so on a phone it opens inside the visitor's
 * tap, never after an await). The view waits for the approval and says what went wrong, with "Try again";
 * Back clears the link and reloads the sign-in (Modal's Farcaster rule).
 */
import { useState } from "react"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { QrCode } from "../components/QrCode.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function ConnectingFarcaster() {
  const { engine, t } = useModalContext()
  const { farcasterUrl } = useEngineAtom(engine.atoms.modal)
  const { problem } = useEngineAtom(engine.atoms.login)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const shown = failure ?? problem
  const retry = () => {
    setFailure(undefined)
    engine.connectFarcaster().catch((cause: unknown) => setFailure(asFailure(cause)))
  }
  return (
    <div className="center" data-view="ConnectingFarcaster">
      <QrCode text={farcasterUrl} alt={t("farcasterScan")} data-farcaster-qr="" />
      <p>{t("farcasterScan")}</p>
      {shown === undefined
        ? <p role="status">{t("farcasterWaiting")}</p>
        : <p className="error" role="alert" data-farcaster-problem={shown._tag}>{errorText(shown, t)}</p>}
      <div className="actions">
        {farcasterUrl === undefined ? null : (
          <a className="secondary" href={farcasterUrl} target="_blank" rel="noopener noreferrer" data-farcaster-link="">{t("farcasterOpen")}</a>
        )}
        {shown === undefined ? null : <button type="button" className="primary" data-farcaster-retry="" onClick={retry}>{t("tryAgain")}</button>}
      </div>
    </div>
  )
}
