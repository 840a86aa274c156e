/**
 * The image ids of the networks Portico knows and of their native assets (spec §3 "Network": assets'
 * imageId; §7: GET /public/getAssetImage/{id}). Our server draws the artwork for exactly these ids
 * (http/server/AssetArt.ts) and answers 404 for any other, so the modal asks only for an id it knows
 * or one the host named, and draws its own monogram otherwise.
 *
 * A network's id is `<namespace>-<reference>` (`eip155-1`, `solana-5eykt4Us…`): a path segment
 * without ':'. A testnet shares its mainnet's mark (the modal marks it as a testnet in words).
 */
import * as Caip from "./Caip.ts"
import type * as Network from "./Network.ts"

/** The marks our server draws, one per network family and native asset. */
export type Mark = "ethereum" | "base" | "arbitrum" | "optimism" | "polygon" | "solana"

const solanaMainnet = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
const solanaDevnet = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
const solanaTestnet = "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"

/** Each known network (mainnets, their public testnets, Solana's clusters) and its mark. */
export const knownNetworks: Readonly<Record<string, Mark>> = {
  "eip155:1": "ethereum",
  "eip155:11155111": "ethereum",
  "eip155:17000": "ethereum",
  "eip155:8453": "base",
  "eip155:84532": "base",
  "eip155:42161": "arbitrum",
  "eip155:421614": "arbitrum",
  "eip155:10": "optimism",
  "eip155:11155420": "optimism",
  "eip155:137": "polygon",
  "eip155:80002": "polygon",
  [solanaMainnet]: "solana",
  [solanaDevnet]: "solana",
  [solanaTestnet]: "solana"
}

/** The native assets' image ids (their symbols) and their marks. */
export const nativeAssets: Readonly<Record<string, Mark>> = { ETH: "ethereum", POL: "polygon", SOL: "solana" }

/** The image id of a CAIP-2 network id. */
export const idOf = (caipNetworkId: string): string => `${Caip.namespaceOf(caipNetworkId)}-${Caip.referenceOf(caipNetworkId)}`

/** Every id our server draws, with its mark and whether it is a native asset's (a round coin) or a network's (a badge). */
export interface Artwork {
  readonly mark: Mark
  readonly coin: boolean
}

export const artwork: ReadonlyMap<string, Artwork> = new Map<string, Artwork>([
  ...Object.entries(knownNetworks).map(([caipNetworkId, mark]) => [idOf(caipNetworkId), { mark, coin: false }] as const),
  ...Object.entries(nativeAssets).map(([symbol, mark]) => [symbol, { mark, coin: true }] as const)
])

/** The image id to ask for a network: the host's own `assets.imageId`, else ours when we draw it; none otherwise. */
export const imageIdOf = (network: Network.Network): string | undefined => {
  if (network.assets?.imageId !== undefined) return network.assets.imageId
  return Object.hasOwn(knownNetworks, network.caipNetworkId) ? idOf(network.caipNetworkId) : undefined
}
