/** The host's button: "Connect Wallet", or the connected address; a click opens the modal. */
import { type ReactNode, useState } from "react"
import { useAccount, useMessages, useModal } from "./hooks.ts"
import { shortAddress } from "./shortAddress.ts"

export interface ConnectButtonProps {
  readonly className?: string
}

export const ConnectButton = ({ className = "portico-connect-button" }: ConnectButtonProps): ReactNode => {
  const { open } = useModal()
  const account = useAccount()
  const messages = useMessages()
  const [loading, setLoading] = useState(false)
  const onClick = () => {
    setLoading(true)
    void open().finally(() => setLoading(false))
  }
  return (
    <button type="button" className={className} aria-haspopup="dialog" aria-busy={loading} onClick={onClick} data-portico-button="">
      {account.address === undefined ? messages.connectWallet : shortAddress(account.address)}
    </button>
  )
}
