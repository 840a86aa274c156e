/**
 * The Receive view's facts: the networks the connected address can receive on (the configured networks
 * of its namespace, the active one first), and the text its QR code carries (the address itself, which
 * every wallet's scanner reads).
 */
import type { Network } from "../Network.ts"

export const networksFor = (
  networks: ReadonlyArray<Network>,
  namespace: string,
  active: string | undefined
): ReadonlyArray<Network> => {
  const same = networks.filter((network) => network.chainNamespace === namespace)
  return [...same.filter((network) => network.caipNetworkId === active), ...same.filter((network) => network.caipNetworkId !== active)]
}

export const qrPayload = (address: string): string => address
