/**
 * A network as the modal names it: its icon (our server's artwork or the host's image, a monogram
 * otherwise), its name, and a "Testnet" tag when the network carries the spec's testnet flag.
 */
import type * as Network from "../../../core/Network.ts"
import { useModalContext } from "../ModalContext.ts"
import { WalletIcon } from "./WalletIcon.tsx"

export function NetworkLabel({ network }: { readonly network: Network.Network }) {
  const { engine, t } = useModalContext()
  return (
    <span className="network-label">
      <WalletIcon src={engine.networkImageUrl(network)} name={network.name} className="network-icon" decorative />
      <span>{network.name}</span>
      {network.testnet === true ? <span className="tag" data-testnet="">{t("testnet")}</span> : null}
    </span>
  )
}
