/**
 * Connect: the connect methods in the spec's order (email, social, wallet). Email and social need
 * the embedded wallet, which does not ship yet, so only the wallet method shows: recent wallets and
 * installed ones first, then WalletConnect, then the full list.
 */
import type * as Connector from "../../../core/Connector.ts"
import { allWalletsIcon, walletConnectIcon } from "../components/icons.ts"
import { WalletRow } from "../components/WalletRow.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function Connect() {
  const { engine, t } = useModalContext()
  const { clients } = useEngineAtom(engine.atoms.connectors)
  const recent = useEngineAtom(engine.atoms.recentWallets)
  const installed = clients.filter((client) => client.connector.type !== "WALLET_CONNECT")
  const walletConnect = clients.find((client) => client.connector.type === "WALLET_CONNECT")
  const recentIds = recent.map((entry) => entry.id)
  const ordered = [
    ...recentIds.flatMap((id) => installed.filter((client) => client.connector.id === id)),
    ...installed.filter((client) => !recentIds.includes(client.connector.id))
  ]

  const choose = (connector: Connector.Connector) => {
    void engine.push({ view: "ConnectingExternal", data: { connectorId: connector.id } })
    void engine.connect(connector.id)
  }
  const chooseWalletConnect = () => {
    void engine.push({ view: engine.config.basicMode === true ? "ConnectingWalletConnectBasic" : "ConnectingWalletConnect" })
    void engine.connect("walletConnect")
  }

  return (
    <div>
      {ordered.length === 0 ? <p className="muted">{t("noWalletsDetected")}</p> : null}
      <ul className="list" aria-label={t("connectWallet")}>
        {ordered.map((client) => (
          <li key={client.connector.id}>
            <WalletRow
              name={client.connector.name}
              icon={client.connector.imageUrl}
              tag={recentIds.includes(client.connector.id) ? t("recent") : t("installed")}
              onSelect={() => choose(client.connector)}
            />
          </li>
        ))}
        {walletConnect === undefined ? null : (
          <li>
            <WalletRow name={t("walletConnect")} icon={walletConnectIcon} tag="QR" onSelect={chooseWalletConnect} />
          </li>
        )}
        {engine.config.resolvedFeatures.allWallets && engine.config.apiUrl !== undefined ? (
          <li>
            <WalletRow name={t("allWallets")} icon={allWalletsIcon} onSelect={() => void engine.push({ view: "AllWallets" })} />
          </li>
        ) : null}
      </ul>
    </div>
  )
}
