/**
 * The real networks the two devnets are shaped after: 31337 takes Ethereum mainnet's configuration and
 * 31338 Base's, as docs/networks/ gives them to hosts. The devnets place contracts at exactly the
 * addresses those files name, and the sandbox's API server is configured with the same files (only the
 * chain id and RPC URL replaced), so what works here works against the real chain.
 */
import * as Schema from "effect/Schema"
import ethereumFile from "../../docs/networks/ethereum.json" with { type: "json" }
import baseFile from "../../docs/networks/base.json" with { type: "json" }
import { EvmChainOptions } from "../../http/server/ServerOptions.ts"
import type { Address } from "viem"
import { chainContracts, contractOf, sandboxCollections } from "./SandboxContracts.ts"

export type NetworkShape = typeof EvmChainOptions.Type

const decode = Schema.decodeUnknownSync(EvmChainOptions)

export const ethereumShape: NetworkShape = decode(ethereumFile)
export const baseShape: NetworkShape = decode(baseFile)

/** The two local chains: the first holds the full seeded history, the second makes network switching real. */
export const evmChainSpecs = [
  { chainId: 31337, name: "Portico Local", variant: "primary", shape: ethereumShape },
  { chainId: 31338, name: "Portico Local 2", variant: "secondary", shape: baseShape }
] as const

export type EvmChainSpec = (typeof evmChainSpecs)[number]

/** The API server's configuration for a devnet: the real network's file with its chain id and RPC URL replaced. */
export const devnetServerOptions = (spec: EvmChainSpec, rpcUrl: string): NetworkShape => ({ ...spec.shape, chainId: spec.chainId, rpcUrl })

/**
 * The sandbox API server's `evm`: each devnet's configuration as above, plus the sandbox's NFT collections
 * (which exist on no real chain), given the devnets' RPC URLs in spec order.
 */
export const sandboxServerEvm = (rpcUrls: ReadonlyArray<string>): ReadonlyArray<NetworkShape> =>
  evmChainSpecs.map((spec, index) => ({ ...devnetServerOptions(spec, rpcUrls[index] ?? ""), collections: sandboxCollections }))

/** A contract of the devnet with `chainId` by key (its `usdc`, its `weth`…); an unknown chain or key is a mistake in the sandbox. */
export const devnetContract = (chainId: number, key: string): Address => {
  const spec = evmChainSpecs.find((candidate) => candidate.chainId === chainId)
  if (spec === undefined) throw new RangeError(`no sandbox chain ${chainId}`)
  return contractOf(chainContracts(spec.shape), key)
}
