import * as Schema from "effect/Schema"
import { SeededTransaction } from "./SeededHistory.ts"

const HexString = Schema.TemplateLiteral(["0x", Schema.String])

/** A funded account of Hardhat's default mnemonic. */
export const EvmDemoAccount = Schema.Struct({
  index: Schema.Number,
  address: HexString,
  privateKey: HexString
})
export type EvmDemoAccount = typeof EvmDemoAccount.Type

export const EvmToken = Schema.Struct({
  /** The token's key in its chain's contracts: its symbol in lower case (`usdc`, `usdt`, `dai`). */
  contract: Schema.String,
  address: HexString,
  name: Schema.String,
  symbol: Schema.String,
  decimals: Schema.Number,
  /** "legacy": transfer/transferFrom/approve return nothing (Ethereum's USDT, Abi.legacyTokenAbi). */
  abi: Schema.Literals(["erc20", "legacy"])
})
export type EvmToken = typeof EvmToken.Type

export const EvmCollection = Schema.Struct({
  contract: Schema.Literals(["nft", "spamNft"]),
  address: HexString,
  name: Schema.String,
  symbol: Schema.String,
  /** The collection the API server should flag as spam. */
  spam: Schema.Boolean
})
export type EvmCollection = typeof EvmCollection.Type

export const EvmChainDeployment = Schema.Struct({
  chainId: Schema.Number,
  name: Schema.String,
  /**
   * Every contract on this chain by key: those at the real network's addresses (multicall3, weth, usdc,
   * usdt, dai, ethUsdFeed…, uniswapV2Factory, uniswapV2Router02, uniswapV3Factory, quoterV2, swapRouter02,
   * ensRegistry, ensPublicResolver, ensUniversalResolver) and the sandbox's own (nft, spamNft, poolSeeder).
   */
  contracts: Schema.Record(Schema.String, HexString),
  /** The configured ERC20 tokens (the API server's `tokens`). */
  tokens: Schema.Array(EvmToken),
  /** Unix seconds of the genesis block (about two years before the start). */
  genesisTimestamp: Schema.Number,
  /** Every transaction the seeding mined on this chain, oldest first. */
  history: Schema.Array(SeededTransaction)
})
export type EvmChainDeployment = typeof EvmChainDeployment.Type

/** Everything a client of the sandbox EVM chains needs to know; JSON-safe (no bigint). */
export const EvmDeployment = Schema.Struct({
  mnemonic: Schema.String,
  /** Accounts 0..9 of the mnemonic; account 0 has the richest history, account 9 deployed the contracts. */
  accounts: Schema.Array(EvmDemoAccount),
  deployer: EvmDemoAccount,
  /** The price feeds' transmitter (account 11): moves a feed's answer with `transmit`. */
  oracle: EvmDemoAccount,
  collections: Schema.Array(EvmCollection),
  chains: Schema.Array(EvmChainDeployment)
})
export type EvmDeployment = typeof EvmDeployment.Type

/** One chain of the deployment by id (its contracts, tokens and history). */
export const chainOf = (deployment: EvmDeployment, chainId: number): EvmChainDeployment => {
  const chain = deployment.chains.find((candidate) => candidate.chainId === chainId)
  if (chain === undefined) throw new RangeError(`the deployment has no chain ${chainId}`)
  return chain
}
