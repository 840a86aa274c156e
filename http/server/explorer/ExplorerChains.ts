/**
 * Everything the server uses to read one EVM chain beyond its balances: its explorer client (when the
 * chain configures an explorer), its on-chain token reads and its token catalogue. Built once at start
 * for every configured chain; history and token discovery share them, so one chain's rate-limit pacing
 * and metadata cache serve both.
 */
import * as Effect from "effect/Effect"
import { defaults, type EvmChainOptions } from "../ServerOptions.ts"
import * as AccountApi from "./AccountApi.ts"
import * as ChainTokens from "./ChainTokens.ts"
import * as ExplorerClient from "./ExplorerClient.ts"
import * as TokenCatalogue from "./TokenCatalogue.ts"
import type { TokenListSource } from "./TokenList.ts"

export interface ExplorerChain {
  /** CAIP-2 id. */
  readonly chainId: string
  readonly options: EvmChainOptions
  readonly native: { readonly name: string; readonly symbol: string; readonly decimals: number }
  /** Undefined when the chain configures no explorer: it then has no history and no token discovery. */
  readonly explorer: ExplorerClient.ExplorerClient | undefined
  /** The list actions its explorer serves. */
  readonly actions: ReadonlyArray<AccountApi.Action>
  readonly tokens: ChainTokens.ChainTokens
  readonly catalogue: TokenCatalogue.TokenCatalogue
}

export type ExplorerChains = ReadonlyMap<string, ExplorerChain>

export const make = (evm: ReadonlyArray<EvmChainOptions>, tokenList: TokenListSource): Effect.Effect<ExplorerChains> =>
  Effect.map(
    Effect.forEach(evm, (options) =>
      Effect.map(ChainTokens.make(`eip155:${options.chainId}`, options.rpcUrl), (tokens): ExplorerChain => ({
        chainId: `eip155:${options.chainId}`,
        options,
        native: options.nativeCurrency ?? defaults.nativeCurrency,
        explorer: options.explorer === undefined ? undefined : ExplorerClient.make(options.chainId, options.explorer),
        actions: options.explorer?.actions ?? AccountApi.actions,
        tokens,
        catalogue: TokenCatalogue.make(options.chainId, options.tokens ?? [], tokenList, tokens)
      }))),
    (chains) => new Map(chains.map((chain) => [chain.chainId, chain]))
  )
