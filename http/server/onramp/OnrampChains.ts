/**
 * The EVM chains and assets the server is configured for, as the onramp sees them: what a provider's
 * offer is narrowed to, and where a delivery is checked on chain. An asset is the chain's native currency
 * (a provider writes an empty contract address) or one of the chain's configured tokens.
 */
import { createPublicClient, getAddress, http, isAddress, type Address, type PublicClient } from "viem"
import { defaults, type EvmChainOptions } from "../ServerOptions.ts"

export interface OnrampAsset {
  /** The token contract; undefined for the native currency. */
  readonly contract: Address | undefined
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}

export interface OnrampChain {
  /** CAIP-2 (`eip155:31337`). */
  readonly caip: string
  /** The decimal chain id: how providers name the chain. */
  readonly chainId: string
  /** The chain's name in the options answer (`portico-local`, or `eip155-31337` without a configured name). */
  readonly name: string
  readonly displayName: string
  readonly client: PublicClient
  /** The asset a provider names by `contract_address`, when the server knows it on this chain. */
  readonly assetOf: (contractAddress: string) => OnrampAsset | undefined
}

/** Chains by decimal chain id (a provider's `chain_id`). */
export type OnrampChains = ReadonlyMap<string, OnrampChain>

export const make = (evm: ReadonlyArray<EvmChainOptions>): OnrampChains =>
  new Map(evm.map((chain): [string, OnrampChain] => {
    const native = chain.nativeCurrency ?? defaults.nativeCurrency
    const tokens = new Map((chain.tokens ?? []).flatMap((token) =>
      isAddress(token.address, { strict: false })
        ? [[token.address.toLowerCase(), { contract: getAddress(token.address), name: token.name, symbol: token.symbol, decimals: token.decimals }] as const]
        : []
    ))
    const displayName = chain.name ?? `Chain ${chain.chainId}`
    return [String(chain.chainId), {
      caip: `eip155:${chain.chainId}`,
      chainId: String(chain.chainId),
      name: chain.name === undefined ? `eip155-${chain.chainId}` : chain.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      displayName,
      // cacheTime 0: a delivery checked again must see the chain as it is now.
      client: createPublicClient({ cacheTime: 0, transport: http(chain.rpcUrl, { timeout: 10_000, retryCount: 1 }) }),
      assetOf: (contractAddress) =>
        contractAddress === "" ? { contract: undefined, ...native } : tokens.get(contractAddress.toLowerCase())
    }]
  }))
