/**
 * A wallet's icon from an announcement or the registry: always an <img> (an SVG with a script in it
 * cannot run there), and only from a source the engine allows; anything else shows a tile with the
 * name's first letter (drawn by CSS from a data attribute, so it is neither read out nor in the text).
 */
import { useModalContext } from "../ModalContext.ts"

export const initialOf = (name: string): string => (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase()

export function WalletIcon({ src, name, className }: { readonly src: string | undefined; readonly name: string; readonly className?: string }) {
  const { engine, t } = useModalContext()
  if (src === undefined || !engine.isImageAllowed(src)) {
    return <span className={`${className ?? "placeholder"} monogram`} data-initial={initialOf(name)} aria-hidden="true" />
  }
  return <img className={className} src={src} alt={t("walletIcon", { name })} referrerPolicy="no-referrer" />
}
