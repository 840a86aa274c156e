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

/** The sandbox contracts; one deployer and one order make them the same on every chain and every start. */
export const EvmContracts = Schema.Struct({
  usdc6: HexString,
  usdtLike: HexString,
  dai18: HexString,
  nft: HexString,
  spamNft: HexString,
  pool: HexString,
  /** SwapRouter: pools for Ether/USDC, USDC/DAI and USDT/USDC (the swap API quotes and builds against it). */
  router: HexString,
  /** Token "Portico Points" PTS: on no token list and in no configuration (token discovery flags it unverified). */
  points: HexString
})
export type EvmContracts = typeof EvmContracts.Type

export const EvmToken = Schema.Struct({
  contract: Schema.Literals(["usdc6", "usdtLike", "dai18"]),
  address: HexString,
  name: Schema.String,
  symbol: Schema.String,
  decimals: Schema.Number,
  /** "legacy": transfer/transferFrom/approve return nothing (the old USDT ABI, Abi.legacyTokenAbi). */
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

export const EvmPool = Schema.Struct({
  address: HexString,
  token0: HexString,
  token1: HexString,
  /** Fee taken from the input, in basis points. */
  feeBps: Schema.Number
})
export type EvmPool = typeof EvmPool.Type

export const EvmChainDeployment = Schema.Struct({
  chainId: Schema.Number,
  name: Schema.String,
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
  contracts: EvmContracts,
  tokens: Schema.Array(EvmToken),
  collections: Schema.Array(EvmCollection),
  pool: EvmPool,
  chains: Schema.Array(EvmChainDeployment)
})
export type EvmDeployment = typeof EvmDeployment.Type
