/**
 * Connect: the connect methods in the spec's order (email, social, wallet). Email and social need
 * the embedded wallet, which does not ship yet, so only the wallet method shows: recent wallets and
 * installed ones first, then WalletConnect, then the full list.
 */
import * as WalletList from "../../../core/features/WalletList.ts"
import { allWalletsIcon, walletConnectIcon } from "../components/icons.ts"
import { WalletRow } from "../components/WalletRow.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function Connect() {
  const { engine, t } = useModalContext()
  const { clients } = useEngineAtom(engine.atoms.connectors)
  const recent = useEngineAtom(engine.atoms.recentWallets)
  const installed = clients.filter((client) => client.connector.type !== "WALLET_CONNECT").map((client) => client.connector)
  const walletConnect = clients.find((client) => client.connector.type === "WALLET_CONNECT")
  const rows = WalletList.arrangeInstalled(installed, recent)
  const allWallets = engine.config.resolvedFeatures.allWallets && engine.config.apiUrl !== undefined
  // The hint names only the rows that are there.
  const noWallets = walletConnect === undefined
    ? (allWallets ? "noWalletsPickFromAll" : "noWalletsDetected")
    : (allWallets ? "noWalletsUseEither" : "noWalletsUseWalletConnect")

  return (
    <div>
      {rows.length === 0 ? <p className="muted">{t(noWallets)}</p> : null}
      <ul className="list" aria-label={t("connectWallet")}>
        {rows.map(({ connector, label }) => (
          <li key={connector.id}>
            <WalletRow
              name={connector.name}
              icon={connector.imageUrl}
              tag={t(label)}
              onSelect={() => void engine.choose({ _tag: "Installed", connectorId: connector.id })}
            />
          </li>
        ))}
        {walletConnect === undefined ? null : (
          <li>
            <WalletRow name={t("walletConnect")} icon={walletConnectIcon} tag="QR" onSelect={() => void engine.choose({ _tag: "WalletConnect" })} />
          </li>
        )}
        {allWallets ? (
          <li>
            <WalletRow name={t("allWallets")} icon={allWalletsIcon} onSelect={() => void engine.push({ view: "AllWallets" })} />
          </li>
        ) : null}
      </ul>
    </div>
  )
}
