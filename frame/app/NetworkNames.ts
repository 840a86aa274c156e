/**
 * The wallet's own names for the networks it signs on (the approve panel shows "Ethereum", not
 * "eip155:1"). From the wallet's table, never from the host: a host that could name the network could
 * call a mainnet drain "a testnet". A network the table does not know is said to be unknown, with its id.
 */
import { arbitrum, avalanche, base, baseSepolia, bsc, celo, gnosis, hardhat, holesky, linea, mainnet, optimism, polygon, scroll, sepolia, zksync } from "viem/chains"
import { namespaceOf, referenceOf } from "../../core/Caip.ts"

const evm: ReadonlyMap<number, string> = new Map(
  [mainnet, optimism, arbitrum, base, polygon, bsc, avalanche, gnosis, zksync, linea, scroll, celo, sepolia, holesky, baseSepolia, hardhat]
    .map((chain) => [chain.id, chain.name])
)

/** Solana's clusters by their genesis hash prefix (CAIP-30). */
const solana: ReadonlyMap<string, string> = new Map([
  ["5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "Solana"],
  ["EtWTRABZaYq6iMfeYKouRu166VU2xqa1", "Solana Devnet"],
  ["4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z", "Solana Testnet"]
])

/** The network's name, or undefined when the wallet does not know it. */
export const nameOf = (chainId: string): string | undefined => {
  if (namespaceOf(chainId) === "eip155") return evm.get(Number(referenceOf(chainId)))
  if (namespaceOf(chainId) === "solana") return solana.get(referenceOf(chainId))
  return undefined
}
