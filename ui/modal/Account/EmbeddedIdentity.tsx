/**
 * For an embedded-wallet account: who is signed in (the email address, or the social account and its
 * user name), changing the address, and exporting the keys in the wallet's own panel.
 */
import { useEffect, useState } from "react"
import { settle } from "../../../app/Action.ts"
import { errorText, type Failure } from "../components/errorText.ts"
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
  useEffect(() => {
    let live = true
    settle(engine.embeddedUser(), (user) => {
      if (live) setIdentity(user)
    }, (error) => {
      if (live) setFailure(error)
    })
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
        <button type="button" className="secondary" data-export-keys="" onClick={() => settle(engine.exportEmbeddedKeys(), () => setFailure(undefined), setFailure)}>
          {t("exportKeys")}
        </button>
      </div>
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
    </div>
  )
}
