/**
 * The contracts a real chain has, placed at that chain's addresses on a devnet: Multicall3, the wrapped
 * native currency, the configured tokens, their Chainlink feeds, the Uniswap v2 and v3 venues and, where
 * the network has ENS, its registry, public resolver and Universal Resolver. Every address comes from the
 * network's configuration (docs/networks/), viem's chain definitions or ENS's deployment list; the code is
 * the sandbox's own interface-compatible contracts (contracts/), never the projects' own.
 */
import { getAddress, type Address } from "viem"
import { mainnet } from "viem/chains"
import type { ContractName } from "./Compile.ts"
import { deployerAccount, oracleAccount } from "./DemoAccounts.ts"
import type { NetworkShape } from "./NetworkShapes.ts"

/** One contract whose runtime code is set at a real address (its constructor runs in an eth_call). */
export interface Placement {
  readonly key: string
  readonly contract: ContractName
  readonly address: Address
  readonly args: ReadonlyArray<unknown>
}

/** ENS's registry and the current public resolver on Ethereum mainnet (docs.ens.domains/learn/deployments). */
export const ensRegistryAddress: Address = "0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e"
export const ensPublicResolverAddress: Address = "0xF29100983E058B709F3D539b0c765937B804AC15"

/** Ethereum's USDT, whose transfer, transferFrom and approve return nothing (the LegacyToken ABI). */
const legacyTokens: ReadonlySet<string> = new Set(["0xdac17f958d2ee523a2206206994597c13d831ec7"])

export const isLegacyToken = (address: string): boolean => legacyTokens.has(address.toLowerCase())

/** Answers the sandbox's feeds give (8 decimals, as Chainlink's USD feeds): Ether at 3000, every token a dollar. */
export const feedDecimals = 8
export const sandboxUsdPrices = { native: 3000, token: 1 } as const

/** The key of a token in a chain's contracts: its symbol in lower case (`usdc`). */
export const tokenKey = (symbol: string): string => symbol.toLowerCase()
/** The key of an asset's feed: `ethUsdFeed`, `usdcUsdFeed`. */
export const feedKey = (symbol: string): string => `${symbol.toLowerCase()}UsdFeed`

/** The symbol of a feed's asset (`native` is the chain's currency). */
export const feedSymbol = (shape: NetworkShape, asset: string): string =>
  asset === "native"
    ? shape.nativeCurrency?.symbol ?? "ETH"
    : shape.tokens?.find((token) => token.address.toLowerCase() === asset.toLowerCase())?.symbol ?? asset

const at = (address: string): Address => getAddress(address)

export const placementsOf = (shape: NetworkShape): ReadonlyArray<Placement> => {
  const deployer = deployerAccount.address
  const venues = shape.swapVenues
  const placements: Array<Placement> = [
    { key: "multicall3", contract: "Multicall3", address: at(mainnet.contracts.multicall3.address), args: [] }
  ]
  if (venues !== undefined) placements.push({ key: "weth", contract: "WrappedEther", address: at(venues.wrappedNative), args: [] })
  for (const token of shape.tokens ?? []) {
    placements.push({
      key: tokenKey(token.symbol),
      contract: isLegacyToken(token.address) ? "LegacyToken" : "Token",
      address: at(token.address),
      args: [token.name, token.symbol, token.decimals]
    })
  }
  for (const feed of shape.priceFeeds ?? []) {
    const symbol = feedSymbol(shape, feed.asset)
    placements.push({ key: feedKey(symbol), contract: "PriceFeed", address: at(feed.address), args: [feedDecimals, `${symbol} / USD`, oracleAccount.address] })
  }
  const v2 = venues?.uniswapV2?.[0]
  const v3 = venues?.uniswapV3?.[0]
  if (venues !== undefined && v2 !== undefined) {
    placements.push(
      { key: "uniswapV2Factory", contract: "UniswapV2Factory", address: at(v2.factory), args: [deployer] },
      { key: "uniswapV2Router02", contract: "UniswapV2Router02", address: at(v2.router), args: [v2.factory, venues.wrappedNative] }
    )
  }
  if (venues !== undefined && v3 !== undefined) {
    placements.push(
      { key: "uniswapV3Factory", contract: "UniswapV3Factory", address: at(v3.factory), args: [deployer] },
      { key: "quoterV2", contract: "QuoterV2", address: at(v3.quoter), args: [v3.factory, venues.wrappedNative] },
      {
        key: "swapRouter02",
        contract: "SwapRouter02",
        address: at(v3.router),
        args: [v2?.factory ?? "0x0000000000000000000000000000000000000000", v3.factory, "0x0000000000000000000000000000000000000000", venues.wrappedNative]
      }
    )
  }
  if (shape.ens !== undefined) {
    placements.push(
      { key: "ensRegistry", contract: "EnsRegistry", address: ensRegistryAddress, args: [deployer] },
      { key: "ensPublicResolver", contract: "PublicResolver", address: ensPublicResolverAddress, args: [ensRegistryAddress] },
      { key: "ensUniversalResolver", contract: "UniversalResolver", address: at(shape.ens.universalResolver), args: [ensRegistryAddress] }
    )
  }
  return placements
}
