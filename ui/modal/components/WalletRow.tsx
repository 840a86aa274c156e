/** One wallet in a list: icon, name as text, an optional tag (Installed, Recent…). */
import { WalletIcon } from "./WalletIcon.tsx"

export interface WalletRowProps {
  readonly name: string
  readonly icon: string | undefined
  readonly tag?: string
  readonly onSelect: () => void
}

export function WalletRow({ name, icon, tag, onSelect }: WalletRowProps) {
  return (
    <button type="button" className="wallet" onClick={onSelect} data-wallet={name}>
      <WalletIcon src={icon} name={name} />
      <span className="name">{name}</span>
      {tag === undefined ? null : <span className="tag">{tag}</span>}
    </button>
  )
}
