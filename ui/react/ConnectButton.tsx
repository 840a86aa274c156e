/**
 * The only UI in the host's first chunk. Its label comes from the message tables without loading
 * the modal.
 */
import { messagesFor } from "../i18n/Messages.ts"
import { useAccount, useModal } from "./hooks.ts"
import { usePortico } from "./PorticoContext.ts"

const shorten = (address: string) => address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address

export interface ConnectButtonProps {
  readonly className?: string
}

export function ConnectButton({ className }: ConnectButtonProps) {
  const { config } = usePortico()
  const { open } = useModal()
  const account = useAccount()
  const label = account.address === undefined ? messagesFor(config.locale).connectWallet : shorten(account.address)
  return (
    <button
      type="button"
      className={className}
      data-portico-button=""
      aria-haspopup="dialog"
      onClick={() => void open()}
    >
      {label}
    </button>
  )
}
