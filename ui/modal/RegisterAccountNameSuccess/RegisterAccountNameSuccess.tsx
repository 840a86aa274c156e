/**
 * RegisterAccountNameSuccess (spec §4: pushed first, then the wallet signs and our server registers):
 * waits for the wallet while the name is registering, then confirms it and leads back to the account.
 */
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function RegisterAccountNameSuccess() {
  const { engine, t } = useModalContext()
  const registration = useEngineAtom(engine.atoms.registration)
  if (registration._tag === "Registered") {
    return (
      <div className="center">
        <strong data-registered-name={registration.name}>{t("nameRegistered", { name: registration.name })}</strong>
        <button type="button" className="primary" onClick={() => void engine.goBackTo("Account")}>{t("nameBackToAccount")}</button>
      </div>
    )
  }
  return (
    <div className="center" role="status">
      <strong>{registration._tag === "Registering" ? registration.name : ""}</strong>
      <p className="muted">{t("nameSignInWallet")}</p>
    </div>
  )
}
