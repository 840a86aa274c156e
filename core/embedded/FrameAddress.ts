/**
 * Where the embedded wallet's frame and panels live on Portico's server (its origin, never the host's)
 * and the network the frame opens on: what the engine needs before the wallet's chunk loads (a window
 * opened in the click), kept apart from the messages' schemas (FrameProtocol.ts) that only that chunk needs.
 */
import * as NetworkLookup from "../NetworkLookup.ts"

export const framePath = "/embedded/frame"
export const panelPath = "/embedded/panel"

/** The network the frame opens on (its `chainId` query): the host's first EVM network, else its first, else Ethereum. */
export const frameNetwork = (networks: ReadonlyArray<{ readonly caipNetworkId: string; readonly chainNamespace: string }>): string =>
  (NetworkLookup.firstOf(networks, "eip155") ?? networks[0])?.caipNetworkId ?? "eip155:1"
