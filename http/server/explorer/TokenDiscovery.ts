/**
 * Token discovery: the ERC-20 tokens an address holds beyond the configured ones. The explorer names the
 * token contracts the address has transfers of (`tokentx`, newest first); their balances and metadata are
 * read on chain in one JSON-RPC batch (ChainTokens.ts; the 200 most recently moved at most), and those still held are returned, each verified
 * when the host's token list vouches for it (TokenCatalogue.ts). A chain without an explorer discovers
 * nothing; an explorer that fails fails the discovery (UpstreamUnavailable), never a shorter list.
 */
import * as Effect from "effect/Effect"
import { getAddress } from "viem"
import type { UpstreamUnavailable } from "../../api/ApiError.ts"
import type { ExplorerChains } from "./ExplorerChains.ts"
import { upstreamOf } from "./ExplorerHistory.ts"
import type { KnownToken } from "./TokenCatalogue.ts"

export interface DiscoveredToken {
  /** Checksummed contract address. */
  readonly contract: string
  readonly token: KnownToken
  /** Base units, above zero. */
  readonly amount: bigint
}

export interface TokenDiscovery {
  readonly discover: (chainId: string, owner: string) => Effect.Effect<ReadonlyArray<DiscoveredToken>, UpstreamUnavailable>
}

/** Transfers read per call, and calls at most: the 5,000 newest transfers name the tokens looked at. */
const transfersPerCall = 1_000
const maxCalls = 5
/** Tokens read on chain at most, the most recently moved first (an address showered with spam tokens stays cheap). */
export const maxTokens = 200

export const make = (chains: ExplorerChains): TokenDiscovery => ({
  discover: (chainId, owner) =>
    Effect.gen(function*() {
      const chain = chains.get(chainId)
      if (chain?.explorer === undefined || !chain.actions.includes("tokentx")) return []
      const explorer = chain.explorer
      const configured = new Set((chain.options.tokens ?? []).map((token) => token.address.toLowerCase()))
      const contracts = new Set<string>()
      for (let page = 1; page <= maxCalls; page++) {
        const transfers = yield* Effect.mapError(
          explorer.list({ action: "tokentx", address: owner, startblock: 0, endblock: undefined, page, offset: transfersPerCall, sort: "desc" }),
          upstreamOf
        )
        for (const transfer of transfers) {
          const contract = transfer.contractAddress.toLowerCase()
          if (!configured.has(contract)) contracts.add(contract)
        }
        if (transfers.length < transfersPerCall) break
      }
      // Newest transfers first, so the set's order puts the most recently moved tokens first.
      const candidates = [...contracts].slice(0, maxTokens)
      if (candidates.length === 0) return []
      const [tokens, amounts] = yield* Effect.all([chain.catalogue.describe(candidates), chain.tokens.balances(owner, candidates)], { concurrency: 2 })
      return candidates.flatMap((contract, index): ReadonlyArray<DiscoveredToken> => {
        const token = tokens[index]
        const amount = amounts[index]
        return token === undefined || amount === undefined || amount === 0n ? [] : [{ contract: getAddress(contract), token, amount }]
      })
    })
})
