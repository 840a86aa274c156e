/**
 * A wallet's, token's or network's icon: always an <img> (an SVG with a script in it cannot run there),
 * and only from a source the stage allows (core/ImageSource.ts); anything else, or an image that fails to load (our server
 * answers 404 for an asset it does not draw), shows a tile with the name's first letter (drawn by CSS
 * from a data attribute, so it is neither read out nor in the text). `decorative` icons sit next to
 * their name and have no text of their own.
 */
import { useState } from "react"
import { useStage } from "../StageContext.ts"

export const initialOf = (name: string): string => (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase()

export function WalletIcon({ src, name, className, decorative = false }: {
  readonly src: string | undefined
  readonly name: string
  readonly className?: string
  readonly decorative?: boolean
}) {
  const { stage, t } = useStage()
  const [failed, setFailed] = useState<string | undefined>(undefined)
  if (src === undefined || failed === src || !stage.isImageAllowed(src)) {
    return <span className={`${className ?? "placeholder"} monogram`} data-initial={initialOf(name)} aria-hidden="true" />
  }
  return (
    <img
      className={className}
      src={src}
      alt={decorative ? "" : t("walletIcon", { name })}
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
    />
  )
}
