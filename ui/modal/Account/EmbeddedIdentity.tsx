/**
 * For an embedded-wallet account: who is signed in (the email address, and the provider a social login
 * went through: one email may own a wallet per provider, so the provider says which wallet this is),
 * changing the address, the EVM account's type (a smart or a plain account, chosen in the wallet's own
 * panel), exporting the keys in the wallet's own panel, and signing out on every browser and device (the
 * server ends all the visitor's sessions).
 */
import { useEffect, useState } from "react"
import { settle } from "../../../app/Action.ts"
import { isSocialProvider } from "../../../core/SocialProvider.ts"
import { errorText, type Failure } from "../components/errorText.ts"
import { socialName } from "../Connect/SocialButtons.tsx"
import { useModalContext } from "../ModalContext.ts"

interface Identity {
  readonly email?: string
  readonly socialProvider?: string
  readonly userName?: string
  readonly accounts: ReadonlyArray<{ readonly namespace: string; readonly type: "eoa" | "smartAccount" }>
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
  // The EVM account's type as the wallet reports it on its network now (a smart account where it is one).
  const evmType = identity?.accounts.find((account) => account.namespace === "eip155")?.type
  return (
    <div className="stack" data-embedded-identity="">
      {identity?.email === undefined
        ? identity?.userName === undefined ? null : <p className="muted">{identity.userName}</p>
        : <p className="muted" data-embedded-email="">{identity.email}</p>}
      {identity?.socialProvider === undefined || !isSocialProvider(identity.socialProvider) ? null : (
        <p className="muted" data-embedded-provider={identity.socialProvider}>{t("signedInWithProvider", { provider: socialName(identity.socialProvider) })}</p>
      )}
      {evmType === undefined ? null : (
        <p className="muted" data-account-type={evmType}>{t(evmType === "smartAccount" ? "smartAccountType" : "plainAccountType")}</p>
      )}
      <div className="actions">
        {identity?.email === undefined ? null : (
          <button type="button" className="secondary" onClick={() => void engine.push({ view: "UpdateEmailWallet" })}>{t("updateEmail")}</button>
        )}
        {evmType === undefined ? null : (
          <button type="button" className="secondary" data-choose-account-type="" onClick={() => settle(engine.openEmbeddedPanel("accountType"), () => setFailure(undefined), setFailure)}>
            {t("accountTypeSettings")}
          </button>
        )}
        <button type="button" className="secondary" data-export-keys="" onClick={() => settle(engine.openEmbeddedPanel("export"), () => setFailure(undefined), setFailure)}>
          {t("exportKeys")}
        </button>
        <button type="button" className="secondary" data-sign-out-everywhere="" onClick={() => settle(engine.signOutEverywhere(), () => setFailure(undefined), setFailure)}>
          {t("signOutEverywhere")}
        </button>
      </div>
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
    </div>
  )
}
