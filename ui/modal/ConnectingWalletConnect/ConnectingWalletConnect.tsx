/**
 * ConnectingWalletConnect: the QR code, plus, for a wallet chosen in the registry, its mobile,
 * desktop and web deep links carrying the pairing URI. On a phone the wallet's mobile link opens by
 * itself as soon as the URI is there; the "Open" link, copying and the QR code stay as fallbacks.
 */
import { useEffect, useRef } from "react"
import { isMobile } from "../../../app/Device.ts"
import * as WalletConnect from "../../../core/connectors/WalletConnect.ts"
import type * as WalletListEntry from "../../../core/WalletListEntry.ts"
import { WalletConnectQr } from "../components/WalletConnectQr.tsx"
import { WalletIcon } from "../components/WalletIcon.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export function ConnectingWalletConnect({ wallet }: { readonly wallet: WalletListEntry.WalletListEntry | undefined }) {
  const { engine, t } = useModalContext()
  const { wcUri } = useEngineAtom(engine.atoms.connection)
  const links = wallet === undefined || wcUri === undefined
    ? []
    : ([
      ["mobile", wallet.mobile_link, t("openInWallet", { name: wallet.name })],
      ["desktop", wallet.desktop_link, t("openOnDesktop")],
      ["web", wallet.webapp_link, t("openOnWeb")]
    ] as const).flatMap(([kind, base, label]) => {
      const href = base === undefined || base === null || base === "" ? undefined : WalletConnect.deepLink(base, wcUri)
      return href === undefined ? [] : [{ kind, href, label }]
    })
  const mobileLink = links.find((link) => link.kind === "mobile")?.href
  const opened = useRef<string | undefined>(undefined)
  useEffect(() => {
    // Once per URI: a refreshed pairing opens the wallet again, a re-render does not.
    if (mobileLink === undefined || opened.current === wcUri || !isMobile()) return
    opened.current = wcUri
    engine.openWalletLink(mobileLink)
  }, [engine, mobileLink, wcUri])
  return (
    <div>
      {wallet === undefined ? null : (
        <div className="center">
          <WalletIcon src={wallet.image_id === undefined ? undefined : engine.walletImageUrl(wallet.image_id)} name={wallet.name} className="big" />
          <strong>{t("continueInWallet", { name: wallet.name })}</strong>
        </div>
      )}
      <WalletConnectQr />
      {links.length === 0 ? null : (
        <div className="actions">
          {links.map((link) => (
            <a key={link.kind} className="secondary" href={link.href} target={link.kind === "web" ? "_blank" : undefined} rel="noopener noreferrer">
              {link.label}
            </a>
          ))}
        </div>
      )}
    </div>
  )
}
