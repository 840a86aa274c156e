/**
 * For an embedded-wallet account: who is signed in (the email address, or the social account and its
 * user name), changing the address, exporting the keys in the wallet's own panel, and signing out on
 * every browser and device (the server ends all the visitor's sessions).
 */
import { useEffect, useState } from "react"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { useModalContext } from "../ModalContext.ts"

interface Identity {
  readonly email?: string
  readonly socialProvider?: string
  readonly userName?: string
}

export function EmbeddedIdentity() {
  const { engine, t } = useModalContext()
  const [identity, setIdentity] = useState<Identity | undefined>(undefined)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const signOutEverywhere = () => {
    setFailure(undefined)
    engine.signOutEverywhere().catch((cause: unknown) => setFailure(asFailure(cause)))
  }
  useEffect(() => {
    let live = true
    engine.embeddedUser().then((user) => {
      if (live) setIdentity(user)
    }, () => undefined)
    return () => {
      live = false
    }
  }, [engine])
  return (
    <div className="stack" data-embedded-identity="">
      {identity?.email === undefined
        ? identity?.socialProvider === undefined ? null : <p className="muted">{t("signedInWith", { provider: identity.userName ?? identity.socialProvider })}</p>
        : <p className="muted" data-embedded-email="">{identity.email}</p>}
      <div className="actions">
        {identity?.email === undefined ? null : (
          <button type="button" className="secondary" onClick={() => void engine.push({ view: "UpdateEmailWallet" })}>{t("updateEmail")}</button>
        )}
        <button type="button" className="secondary" data-export-keys="" onClick={() => void engine.exportEmbeddedKeys()}>{t("exportKeys")}</button>
        <button type="button" className="secondary" data-sign-out-everywhere="" onClick={signOutEverywhere}>{t("signOutEverywhere")}</button>
      </div>
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
    </div>
  )
}
