/**
 * The nodes the chain RPC endpoint forwards to: each configured EVM chain's and the Solana cluster's
 * RPC URL, by CAIP-2 network id.
 */
import type { ServerOptions } from "./ServerOptions.ts"

export type Upstreams = ReadonlyMap<string, string>

export const upstreamsOf = (options: Pick<ServerOptions, "evm" | "solana">): Upstreams =>
  new Map([
    ...(options.evm ?? []).map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl] as const),
    ...(options.solana === undefined ? [] : [[options.solana.caipNetworkId, options.solana.rpcUrl] as const])
  ])
