/** ConnectingWalletConnectBasic: basic mode shows only the pairing QR code. */
import { WalletConnectQr } from "../components/WalletConnectQr.tsx"

export function ConnectingWalletConnectBasic() {
  return <WalletConnectQr />
}
