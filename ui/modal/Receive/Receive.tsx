/**
 * Receive (a feature area of spec §2, loaded on demand): the active account's address as text and as
 * a QR code, a copy button, and the configured networks it can receive on (its namespace's).
 */
import * as Receive_ from "../../../core/send/Receive.ts"
import * as Session from "../../../core/Session.ts"
import { NetworkLabel } from "../components/NetworkLabel.tsx"
import { QrCode } from "../components/QrCode.tsx"
import { useCopyAddress } from "../components/useCopyAddress.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

function CopyButton({ address }: { readonly address: string }) {
  const { t } = useModalContext()
  const copy = useCopyAddress(address)
  return <button type="button" className="secondary" onClick={copy}>{t("copyAddress")}</button>
}

export function Receive() {
  const { engine, t } = useModalContext()
  const account = Session.activeAccount(useEngineAtom(engine.atoms.session))
  if (account === undefined) return <p className="muted">{t("noAccount")}</p>
  const networks = Receive_.networksFor(engine.config.networks, account.namespace, account.caipNetworkId)
  return (
    <div className="center">
      <QrCode text={Receive_.qrPayload(account.address)} alt={t("receiveQrAlt", { address: account.address })} data-receive-address={account.address} />
      <p className="address-full" data-address={account.address}>{account.address}</p>
      <CopyButton address={account.address} />
      <p className="muted">{t("receiveOn")}</p>
      <ul className="list" aria-label={t("receiveOn")}>
        {networks.map((network) => (
          <li key={network.caipNetworkId} className="row-line" data-network={network.caipNetworkId}><NetworkLabel network={network} /></li>
        ))}
      </ul>
    </div>
  )
}
