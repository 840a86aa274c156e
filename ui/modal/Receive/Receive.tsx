/**
 * Receive (a feature area of spec §2, loaded on demand): the active account's address as text and as
 * a QR code, a copy button, and the configured networks it can receive on (its namespace's).
 */
import * as Receive_ from "../../../core/send/Receive.ts"
import * as Session from "../../../core/Session.ts"
import { QrCode } from "../components/QrCode.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function Receive() {
  const { engine, t } = useModalContext()
  const account = Session.activeAccount(useEngineAtom(engine.atoms.session))
  if (account === undefined) return <p className="muted">{t("noAccount")}</p>
  const networks = Receive_.networksFor(engine.config.networks, account.namespace, account.caipNetworkId)
  const copy = () =>
    navigator.clipboard.writeText(account.address).then(
      () => engine.showToast({ message: t("addressCopied"), variant: "success" }),
      () => engine.showToast({ message: t("copyFailed"), variant: "error" })
    )
  return (
    <div className="center">
      <QrCode text={Receive_.qrPayload(account.address)} alt={t("receiveQrAlt", { address: account.address })} data-receive-address={account.address} />
      <p className="address-full" data-address={account.address}>{account.address}</p>
      <button type="button" className="secondary" onClick={() => void copy()}>{t("copyAddress")}</button>
      <p className="muted">{t("receiveOn")}</p>
      <ul className="list" aria-label={t("receiveOn")}>
        {networks.map((network) => (
          <li key={network.caipNetworkId} className="row-line" data-network={network.caipNetworkId}>{network.name}</li>
        ))}
      </ul>
    </div>
  )
}
