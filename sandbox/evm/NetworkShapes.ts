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
