/**
 * The only UI in the host's first chunk: styled and themed by `buttonStyles.ts` (the host's CSS and
 * `className` win), labelled from the message tables without loading the modal, and getting the modal
 * ready as soon as the visitor points at it, focuses it or touches it.
 */
import { useInsertionEffect } from "react"
import { buttonModel } from "../buttonModel.ts"
import { adoptButtonStyles } from "./buttonStyles.ts"
import { useAccount, useModal } from "./hooks.ts"
import { usePortico } from "./PorticoContext.ts"

export interface ConnectButtonProps {
  /** The host's class for the button; its CSS wins over Portico's. */
  readonly className?: string
}

/**
 * The connect button: "Connect Wallet" until the visitor connects, then the account; a click opens the modal.
 *
 * @example
 * ```tsx
 * <ConnectButton className="my-button" />
 * ```
 */
export function ConnectButton({ className }: ConnectButtonProps) {
  const { config, locale, prepare } = usePortico()
  const { open } = useModal()
  const account = useAccount()
  useInsertionEffect(adoptButtonStyles, [])
  const { label, connected, theme, accent } = buttonModel(config, locale, account.address, account.profileName)
  return (
    <button
      type="button"
      className={className}
      data-portico-button=""
      data-theme={theme}
      {...(connected ? { "data-connected": "" } : {})}
      // Through CSSOM, not a style attribute: a strict CSP (and server-rendered HTML under it) allows only that.
      {...(accent === undefined ? {} : { "data-accent": "", ref: (element: HTMLButtonElement | null) => element?.style.setProperty("--portico-accent", accent) })}
      aria-haspopup="dialog"
      onClick={() => void open()}
      // The visitor is about to click: get the modal ready so it shows within a frame of the click.
      onPointerEnter={prepare}
      onFocus={prepare}
      onTouchStart={prepare}
    >
      {label}
    </button>
  )
}
