/**
 * What Portico knows of the tokens of one EVM chain: the configured tokens and the host's token list are
 * verified (their names, symbols and decimals are the host's); any other contract is described by what
 * it answers on chain and flagged unverified.
 */
import * as Effect from "effect/Effect"
import type { UpstreamUnavailable } from "../../api/ApiError.ts"
import type { EvmToken } from "../ServerOptions.ts"
import type { ChainTokens } from "./ChainTokens.ts"
import * as TokenList from "./TokenList.ts"

export interface KnownToken {
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** On the configuration or the token list. */
  readonly verified: boolean
}

export interface TokenCatalogue {
  /** The configured or listed token at `contract`, if it is one. */
  readonly vouched: (contract: string) => Effect.Effect<KnownToken | undefined>
  /** Each contract as a token: vouched for, else as read on chain (unverified); undefined when it is not a token. */
  readonly describe: (contracts: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<KnownToken | undefined>, UpstreamUnavailable>
}

export const make = (chainId: number, configured: ReadonlyArray<EvmToken>, list: TokenList.TokenListSource, chain: ChainTokens): TokenCatalogue => {
  const tokens = new Map(configured.map((token) => [token.address.toLowerCase(), token]))
  const vouched = (contract: string) =>
    Effect.map(list.current, (listed): KnownToken | undefined => {
      const token = tokens.get(contract.toLowerCase()) ?? listed.get(TokenList.keyOf(chainId, contract))
      return token === undefined ? undefined : { name: token.name, symbol: token.symbol, decimals: token.decimals, verified: true }
    })
  return {
    vouched,
    describe: (contracts) =>
      Effect.gen(function*() {
        const known = yield* Effect.forEach(contracts, vouched)
        const unknown = contracts.filter((_, index) => known[index] === undefined)
        const read = yield* chain.metadata(unknown)
        let next = 0
        return known.map((token): KnownToken | undefined => {
          if (token !== undefined) return token
          const metadata = read[next++]
          return metadata === undefined ? undefined : { ...metadata, verified: false }
        })
      })
  }
}
