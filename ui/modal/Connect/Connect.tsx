/**
 * Connect: the connect methods in the host's order (spec §2: email, social, wallet by default). Email and
 * social log into the embedded wallet (when the host has our server); the wallet method lists recent and
 * installed wallets first, then WalletConnect, then the full list. In an in-app browser, where no wallet
 * app can be opened, the way out to the visitor's browser replaces the full list (WalletConnect's QR code
 * stays, for a wallet on another device).
 */
import { allWalletsIcon, walletConnectIcon } from "../components/icons.ts"
import { LegalGate } from "../components/LegalGate.tsx"
import { WalletRow } from "../components/WalletRow.tsx"
import { useStage, useStageState } from "../StageContext.ts"
import { EmailField } from "./EmailField.tsx"
import { InAppBrowserEscape } from "./InAppBrowserEscape.tsx"
import { SocialButtons } from "./SocialButtons.tsx"

function Wallets() {
  const { stage, t } = useStage()
  const rows = useStageState().installed
  const { walletConnect } = stage.offer
  const escape = stage.offer.inAppBrowser
  // In an in-app browser no wallet app can be opened from the list: the way out replaces it.
  const allWallets = escape === undefined && stage.offer.allWallets
  // The hint names only the rows that are there.
  const noWallets = !walletConnect
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
              onSelect={() => void stage.choose({ _tag: "Installed", connectorId: connector.id })}
            />
          </li>
        ))}
        {!walletConnect ? null : (
          <li>
            <WalletRow
              name={t("walletConnect")}
              icon={walletConnectIcon}
              tag="QR"
              onSelect={() => void stage.choose({ _tag: "WalletConnect" })}
              onIntent={() => stage.prepare("WalletConnect")}
            />
          </li>
        )}
        {allWallets ? (
          <li>
            <WalletRow
              name={t("allWallets")}
              icon={allWalletsIcon}
              onSelect={() => void stage.showAllWallets()}
              onIntent={() => stage.prepare("AllWallets")}
            />
          </li>
        ) : null}
      </ul>
    </div>
  )
}

export function Connect() {
  const { email, socials, order } = useStage().stage.offer
  return (
    <LegalGate>
      <div className="stack">
        {order.map((method) => {
          switch (method) {
            case "email":
              return email ? <EmailField key={method} /> : null
            case "social":
              return socials.length === 0 ? null : <SocialButtons key={method} providers={socials} />
            case "wallet":
              return <Wallets key={method} />
          }
        })}
      </div>
    </LegalGate>
  )
}
