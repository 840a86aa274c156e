/**
 * What a host may pass as a network: Portico's own `Network`, or a viem `Chain` object as is (its
 * `id`, `name`, `nativeCurrency`, `rpcUrls.default.http` and `blockExplorers.default`), so a host
 * writes `networks: [mainnet, base, solanaMainnet]` instead of spelling networks out by hand. Free of
 * Schema: the first chunk normalises the configuration with it.
 */
import type * as Network from "./Network.ts"

/** The fields of a viem `Chain` Portico reads. */
export interface ViemChain {
  readonly id: number
  readonly name: string
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly rpcUrls: { readonly default: { readonly http: ReadonlyArray<string> } }
  readonly blockExplorers?: { readonly default: { readonly name: string; readonly url: string } } | undefined
  readonly testnet?: boolean | undefined
}

export type NetworkInput = Network.Network | ViemChain

const isNetwork = (input: NetworkInput): input is Network.Network => "caipNetworkId" in input

export const toNetwork = (input: NetworkInput): Network.Network => {
  if (isNetwork(input)) return input
  const explorer = input.blockExplorers?.default
  return {
    id: input.id,
    caipNetworkId: `eip155:${input.id}`,
    chainNamespace: "eip155",
    name: input.name,
    ...(input.testnet === undefined ? {} : { testnet: input.testnet }),
    nativeCurrency: { name: input.nativeCurrency.name, symbol: input.nativeCurrency.symbol, decimals: input.nativeCurrency.decimals },
    rpcUrls: { default: { http: [...input.rpcUrls.default.http] } },
    ...(explorer === undefined ? {} : { blockExplorers: { default: { name: explorer.name, url: explorer.url } } })
  }
}

/** Solana's public clusters (CAIP-2 references are the genesis hashes' first 32 characters). */
export const solanaMainnet: Network.Network = {
  id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  chainNamespace: "solana",
  name: "Solana",
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["https://api.mainnet-beta.solana.com"] } },
  blockExplorers: { default: { name: "Solana Explorer", url: "https://explorer.solana.com" } }
}

export const solanaDevnet: Network.Network = {
  id: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  caipNetworkId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  chainNamespace: "solana",
  name: "Solana Devnet",
  testnet: true,
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["https://api.devnet.solana.com"] } },
  blockExplorers: { default: { name: "Solana Explorer", url: "https://explorer.solana.com/?cluster=devnet" } }
}

export const solanaTestnet: Network.Network = {
  id: "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",
  caipNetworkId: "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",
  chainNamespace: "solana",
  name: "Solana Testnet",
  testnet: true,
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["https://api.testnet.solana.com"] } },
  blockExplorers: { default: { name: "Solana Explorer", url: "https://explorer.solana.com/?cluster=testnet" } }
}
