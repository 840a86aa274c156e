/** One wallet in a list: icon, name as text, an optional tag (Installed, Recent…). */
import { WalletIcon } from "./WalletIcon.tsx"

export interface WalletRowProps {
  readonly name: string
  readonly icon: string | undefined
  readonly tag?: string
  readonly onSelect: () => void
  /** The visitor leans toward this row (pointer over it, a touch, focus): load what choosing it needs. */
  readonly onIntent?: () => void
}

export function WalletRow({ name, icon, tag, onSelect, onIntent }: WalletRowProps) {
  return (
    <button type="button" className="wallet" onClick={onSelect} onPointerEnter={onIntent} onFocus={onIntent} data-wallet={name}>
      <WalletIcon src={icon} name={name} />
      <span className="name">{name}</span>
      {tag === undefined ? null : <span className="tag">{tag}</span>}
    </button>
  )
}
