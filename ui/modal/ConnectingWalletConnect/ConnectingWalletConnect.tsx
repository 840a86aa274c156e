/**
 * ConnectingWalletConnect: the QR code, plus, for a wallet chosen in the registry, its mobile (universal
 * link first), desktop and web deep links carrying the pairing URI. On a phone the tap on the wallet opened
 * its link already (AllWallets, with the pairing made ahead); when it could not, the "Open" link here is
 * tapped, as links never open after a wait (the gesture is gone by then). Copying and the QR code stay.
 */
import * as WalletDeepLink from "../../../core/WalletDeepLink.ts"
import { WalletConnectQr } from "../components/WalletConnectQr.tsx"
import { WalletIcon } from "../components/WalletIcon.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

const linkOf = (base: string | null | undefined, uri: string) =>
  base === undefined || base === null || base === "" ? undefined : WalletDeepLink.deepLink(base, uri)

export function ConnectingWalletConnect() {
  const { engine, t } = useModalContext()
  // The registry wallet chosen, named by the route that shows this view.
  const wallet = useEngineAtom(engine.atoms.modal).history.at(-1)?.data?.wallet
  const { wcUri } = useEngineAtom(engine.atoms.connection)
  const links = wallet === undefined || wcUri === undefined
    ? []
    : ([
      ["mobile", WalletDeepLink.mobileLinkOf(wallet, wcUri), t("openInWallet", { name: wallet.name })],
      ["desktop", linkOf(wallet.desktop_link, wcUri), t("openOnDesktop")],
      ["web", linkOf(wallet.webapp_link, wcUri), t("openOnWeb")]
    ] as const).flatMap(([kind, href, label]) => href === undefined ? [] : [{ kind, href, label }])
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
            <a key={link.kind} className="secondary" href={link.href} target={/^https?:/i.test(link.href) ? "_blank" : undefined} rel="noopener noreferrer">
              {link.label}
            </a>
          ))}
        </div>
      )}
    </div>
  )
}
