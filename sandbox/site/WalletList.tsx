import type { Wallet } from "@wallet-standard/base"
import type { EIP6963ProviderDetail } from "mipd"

export type WalletChoice =
  | { readonly kind: "eip6963"; readonly detail: EIP6963ProviderDetail }
  | { readonly kind: "standard"; readonly wallet: Wallet }

interface Props {
  readonly evm: ReadonlyArray<EIP6963ProviderDetail>
  readonly solana: ReadonlyArray<Wallet>
  readonly busy: boolean
  readonly onChoose: (choice: WalletChoice) => void
}

// Names and icons come from outside the page: they render only as text and <img>.
const WalletButton = (props: { readonly name: string; readonly icon: string; readonly chain: string; readonly busy: boolean; readonly onClick: () => void }) => (
  <li>
    <button type="button" className="wallet" disabled={props.busy} onClick={props.onClick}>
      <img src={props.icon} alt="" width={28} height={28} />
      <span className="wallet-name">{props.name}</span>
      <span className="wallet-chain">{props.chain}</span>
    </button>
  </li>
)

/** Every wallet the page discovered, EIP-6963 first, then Wallet Standard ones. */
export const WalletList = ({ evm, solana, busy, onChoose }: Props) =>
  evm.length + solana.length === 0 ? (
    <p className="muted">No wallet found in this browser yet.</p>
  ) : (
    <ul className="wallets" aria-label="Discovered wallets">
      {evm.map((detail) => (
        <WalletButton key={detail.info.uuid} name={detail.info.name} icon={detail.info.icon} chain="EVM" busy={busy} onClick={() => onChoose({ kind: "eip6963", detail })} />
      ))}
      {solana.map((wallet) => (
        <WalletButton key={wallet.name} name={wallet.name} icon={wallet.icon} chain="Solana" busy={busy} onClick={() => onChoose({ kind: "standard", wallet })} />
      ))}
    </ul>
  )
