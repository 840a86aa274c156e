/**
 * ConnectingExternal: waiting for the chosen wallet's approval ("Continue in …"), then, if it
 * refused, only the refusal ("Connection declined" and the wallet's words) and a retry.
 */
import { ConnectError } from "../components/ConnectError.tsx"
import { WalletIcon } from "../components/WalletIcon.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function ConnectingExternal({ connectorId }: { readonly connectorId: string }) {
  const { engine, t } = useModalContext()
  const { clients } = useEngineAtom(engine.atoms.connectors)
  const attempt = useEngineAtom(engine.atoms.attempt)
  const connector = clients.find((client) => client.connector.id === connectorId)?.connector
  const name = connector?.name ?? connectorId
  const failed = attempt._tag === "Failed" && attempt.connectorId === connectorId ? attempt : undefined
  return (
    <div className="center">
      <WalletIcon src={connector?.imageUrl} name={name} className="big" />
      {failed === undefined
        ? (
          <>
            <strong>{t("continueInWallet", { name })}</strong>
            <p className="muted" role="status">{t("approveInWallet")}</p>
          </>
        )
        : <ConnectError attempt={failed} />}
      <button type="button" className="secondary" onClick={() => void engine.connect(connectorId)}>
        {t("tryAgain")}
      </button>
    </div>
  )
}
