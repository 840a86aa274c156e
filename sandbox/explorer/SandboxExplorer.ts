/**
 * The explorer as the sandbox runs it: its API key, its token list (each devnet's configured tokens, those
 * of the real network it is shaped after, in the Uniswap token-list format; Portico Points is on no list), and how Portico's server
 * is pointed at it: the first devnet through Etherscan's v2 API, the second through its Blockscout
 * instance, so both dialects run in every sandbox.
 */
import type { ExplorerOptions } from "../../http/server/explorer/ExplorerOptions.ts"
import type { TokenList } from "../../http/server/explorer/TokenList.ts"
import { evmChainSpecs } from "../evm/NetworkShapes.ts"
import { chainTokens } from "../evm/SandboxContracts.ts"
import { startExplorerServer, type ExplorerServer, type ExplorerServerOptions } from "./ExplorerServer.ts"

/** The key the sandbox's Etherscan side accepts (a local stand-in, not a secret). */
export const sandboxExplorerKey = "PORTICO-SANDBOX-EXPLORER-KEY"

/** Portico's server paces its calls under the sandbox explorer's limit (ExplorerServer.defaultRateLimit). */
const requestsPerSecond = 20

export const sandboxTokenList = (chainIds: ReadonlyArray<number>): TokenList => ({
  name: "Portico Sandbox",
  timestamp: "2026-01-01T00:00:00.000Z",
  version: { major: 1, minor: 0, patch: 0 },
  keywords: ["sandbox"],
  tokens: evmChainSpecs.filter((spec) => chainIds.includes(spec.chainId)).flatMap(({ chainId, shape }) =>
    chainTokens(shape).map((token) => ({ chainId, address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals }))
  )
})

/** The `explorer` option of the devnet at `position` (0: Etherscan's dialect; any other: Blockscout's). */
export const explorerOptionsFor = (explorerUrl: string, chainId: number, position: number): ExplorerOptions =>
  position === 0
    ? { url: `${explorerUrl}/v2/api`, kind: "etherscan", apiKey: sandboxExplorerKey, requestsPerSecond }
    : { url: `${explorerUrl}/blockscout/${chainId}/api`, kind: "blockscout", requestsPerSecond }

/** The sandbox's explorer over `chains`, with its key and token list, every block mined so far indexed. */
export const startSandboxExplorer = (options: Pick<ExplorerServerOptions, "host" | "port" | "chains" | "rateLimit">): Promise<ExplorerServer> =>
  startExplorerServer({ ...options, apiKey: sandboxExplorerKey, tokenList: sandboxTokenList(options.chains.map((chain) => chain.chainId)) })
