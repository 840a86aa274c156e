/**
 * What the chain RPC endpoint forwards to: each configured EVM chain's and the Solana cluster's node
 * (`Upstreams`), and the EVM chains' ERC-4337 bundlers and ERC-7677 sponsorship services, by CAIP-2 id.
 */
import type { ServerOptions } from "./ServerOptions.ts"

export type Upstreams = ReadonlyMap<string, string>

export const upstreamsOf = (options: Pick<ServerOptions, "evm" | "solana">): Upstreams =>
  new Map([
    ...(options.evm ?? []).map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl] as const),
    ...(options.solana === undefined ? [] : [[options.solana.caipNetworkId, options.solana.rpcUrl] as const])
  ])

/** A network's bundler and sponsorship service; the service's URL carries the host's key. */
export interface AccountAbstractionUpstream {
  readonly bundler: string
  readonly paymaster?: string
}

export type AccountAbstractionUpstreams = ReadonlyMap<string, AccountAbstractionUpstream>

export const accountAbstractionUpstreamsOf = (options: Pick<ServerOptions, "evm">): AccountAbstractionUpstreams =>
  new Map((options.evm ?? []).flatMap((chain) => {
    const configured = chain.accountAbstraction
    if (configured === undefined) return []
    return [[`eip155:${chain.chainId}`, {
      bundler: configured.bundlerUrl,
      ...(configured.paymasterUrl === undefined ? {} : { paymaster: configured.paymasterUrl })
    }] as const]
  }))
