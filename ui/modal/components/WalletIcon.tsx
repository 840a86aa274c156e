/**
 * A wallet's icon from an announcement or the registry: always an <img> (an SVG with a script in it
 * cannot run there), and only from a source the engine allows; anything else shows a blank tile.
 */
import { useModalContext } from "../ModalContext.ts"

export function WalletIcon({ src, name, className }: { readonly src: string | undefined; readonly name: string; readonly className?: string }) {
  const { engine, t } = useModalContext()
  if (src === undefined || !engine.isImageAllowed(src)) return <span className={className ?? "placeholder"} aria-hidden="true" />
  return <img className={className} src={src} alt={t("walletIcon", { name })} referrerPolicy="no-referrer" />
}
