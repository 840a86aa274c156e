/**
 * Connect: the connect methods in the host's order (spec §2: email, social, wallet by default). Email and
 * social log into the embedded wallet (when the host has our server); the wallet method lists recent and
 * installed wallets first, then WalletConnect, then the full list. In an in-app browser, where no wallet
 * app can be opened, the way out to the visitor's browser replaces the full list (WalletConnect's QR code
 * stays, for a wallet on another device).
 */
import * as Config from "../../../core/Config.ts"
import * as WalletList from "../../../core/InstalledWallets.ts"
import { allWalletsIcon, walletConnectIcon } from "../components/icons.ts"
import { LegalGate } from "../components/LegalGate.tsx"
import { WalletRow } from "../components/WalletRow.tsx"
import { preloadFeatureView, prepareWalletConnect } from "../FeatureView.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"
import { EmailField } from "./EmailField.tsx"
import { InAppBrowserEscape } from "./InAppBrowserEscape.tsx"
import { SocialButtons } from "./SocialButtons.tsx"

function Wallets() {
  const { engine, t } = useModalContext()
  const { clients } = useEngineAtom(engine.atoms.connectors)
  const recent = useEngineAtom(engine.atoms.recentWallets)
  const installed = WalletList.installedWallets(clients)
  const walletConnect = clients.find((client) => client.connector.type === "WALLET_CONNECT")
  const rows = WalletList.arrangeInstalled(installed, recent)
  const escape = engine.inAppBrowser
  // In an in-app browser no wallet app can be opened from the list: the way out replaces it.
  const allWallets = escape === undefined && Config.offersAllWallets(engine.config)
  // The hint names only the rows that are there.
  const noWallets = walletConnect === undefined
    ? (allWallets ? "noWalletsPickFromAll" : "noWalletsDetected")
    : (allWallets ? "noWalletsUseEither" : "noWalletsUseWalletConnect")

  return (
    <div>
      {escape === undefined ? null : <InAppBrowserEscape escape={escape} />}
      {rows.length === 0 && escape === undefined ? <p className="muted">{t(noWallets)}</p> : null}
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
            <WalletRow
              name={t("walletConnect")}
              icon={walletConnectIcon}
              tag="QR"
              onSelect={() => void engine.choose({ _tag: "WalletConnect" })}
              onIntent={() => prepareWalletConnect(engine)}
            />
          </li>
        )}
        {allWallets ? (
          <li>
            <WalletRow
              name={t("allWallets")}
              icon={allWalletsIcon}
              onSelect={() => void engine.push({ view: "AllWallets" })}
              onIntent={() => {
                preloadFeatureView("AllWallets")
                prepareWalletConnect(engine)
              }}
            />
          </li>
        ) : null}
      </ul>
    </div>
  )
}

export function Connect() {
  const { engine } = useModalContext()
  const { email, socials } = engine.config.resolvedFeatures
  const order = engine.config.connectMethodsOrder ?? Config.defaultConnectMethodsOrder
  return (
    <LegalGate>
      <div className="stack">
        {order.map((method) => {
          switch (method) {
            case "email":
              return email ? <EmailField key={method} /> : null
            case "social":
              return socials === false || socials.length === 0 ? null : <SocialButtons key={method} providers={socials} />
            case "wallet":
              return <Wallets key={method} />
          }
        })}
      </div>
    </LegalGate>
  )
}
