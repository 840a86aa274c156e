/**
 * Wallet Standard names Solana networks by cluster (`solana:mainnet`, `solana:devnet`, `solana:testnet`,
 * `solana:localnet`); Portico and CAIP-2 name them by genesis hash (`solana:5eykt4…`). Real wallets list
 * the cluster names, so a connection must read them as the networks they are, and a request must name the
 * network as the wallet listed it. `solana:localnet` is a local validator: whichever non-public Solana
 * network the page runs.
 */
import type * as Caip from "./Caip.ts"
import * as CaipParts from "./CaipParts.ts"

/** The public clusters' CAIP-2 ids (the genesis hash's first 32 characters). */
export const publicClusters: Readonly<Record<string, Caip.CaipNetworkId>> = {
  "solana:mainnet": "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  "solana:devnet": "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  "solana:testnet": "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"
}

export const localnet = "solana:localnet"

const publicIds = new Set(Object.values(publicClusters))

const isSolana = (chain: string): boolean => CaipParts.namespaceOf(chain) === "solana" && CaipParts.referenceOf(chain) !== ""

/** Whether a Solana network is one of the public clusters. */
export const isPublic = (caipNetworkId: string): boolean => publicIds.has(caipNetworkId as Caip.CaipNetworkId)

/**
 * How a wallet that lists `chains` names `caipNetworkId`: the id itself, its cluster name, or
 * `solana:localnet` for a non-public network; undefined when the wallet does not offer it.
 */
export const walletChainOf = (chains: ReadonlyArray<string>, caipNetworkId: string): string | undefined =>
  chains.find((chain) =>
    chain === caipNetworkId || publicClusters[chain] === caipNetworkId || (chain === localnet && isSolana(caipNetworkId) && !isPublic(caipNetworkId))
  )

/** The CAIP-2 ids of the Solana networks a wallet lists that need no page context (`solana:localnet` does). */
export const networksOf = (chains: ReadonlyArray<string>): ReadonlyArray<Caip.CaipNetworkId> =>
  chains.flatMap((chain) => {
    const known = publicClusters[chain]
    if (known !== undefined) return [known]
    return isSolana(chain) && chain !== localnet ? [chain as Caip.CaipNetworkId] : []
  })

/** The name a wallet knows a network by: the cluster name of a public cluster, else the CAIP-2 id itself. */
export const clusterNameOf = (caipNetworkId: Caip.CaipNetworkId): string =>
  Object.keys(publicClusters).find((name) => publicClusters[name] === caipNetworkId) ?? caipNetworkId

/** Whether a chain a wallet lists is a Solana network at all. */
export const isSolanaChain = isSolana
