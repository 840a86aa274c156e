import { getContractAddress, type Address } from "viem"
import type { ContractName } from "./Compile.ts"
import { deployerAccount } from "./DemoAccounts.ts"
import type { EvmCollection, EvmContracts, EvmPool, EvmToken } from "./EvmDeployment.ts"

type ContractKey = keyof EvmContracts

/** One contract creation of the deployment, in nonce order. */
export interface PlannedDeployment {
  readonly key: ContractKey
  readonly contract: ContractName
  readonly args: (contracts: EvmContracts) => ReadonlyArray<unknown>
}

// Arguments are read lazily: the pool's constructor needs addresses computed from this very list.
const tokenArgs = (key: EvmToken["contract"]) => () => [token(key).name, token(key).symbol, token(key).decimals]
const collectionArgs = (key: EvmCollection["contract"]) => () => {
  const { name, symbol, description, baseHue } = collection(key)
  return [name, symbol, description, baseHue]
}

export const deploymentPlan: ReadonlyArray<PlannedDeployment> = [
  { key: "usdc6", contract: "Token", args: tokenArgs("usdc6") },
  { key: "usdtLike", contract: "LegacyToken", args: tokenArgs("usdtLike") },
  { key: "dai18", contract: "Token", args: tokenArgs("dai18") },
  { key: "nft", contract: "Collection", args: collectionArgs("nft") },
  { key: "spamNft", contract: "Collection", args: collectionArgs("spamNft") },
  { key: "pool", contract: "ConstantProductPool", args: (contracts) => [contracts.usdc6, contracts.dai18] },
  { key: "router", contract: "SwapRouter", args: () => [] },
  { key: "points", contract: "Token", args: () => [sandboxUnlistedToken.name, sandboxUnlistedToken.symbol, sandboxUnlistedToken.decimals] }
]

/**
 * Contract addresses follow from the deployer and its nonce alone, so they are known before any chain
 * starts; the deployer deploys the plan in order before it sends anything else.
 */
export const sandboxContracts: EvmContracts = Object.fromEntries(
  deploymentPlan.map(({ key }, nonce) => [key, getContractAddress({ from: deployerAccount.address, nonce: BigInt(nonce) })])
) as Record<ContractKey, Address>

/** The sandbox's USD prices: Ether at 3000, every token a stablecoin at 1 (the API and the demo wallet agree). */
export const sandboxUsdPrices = { native: 3000, token: 1 } as const

export const sandboxTokens: ReadonlyArray<EvmToken> = [
  { contract: "usdc6", address: sandboxContracts.usdc6, name: "USD Coin (Local)", symbol: "USDC", decimals: 6, abi: "erc20" },
  { contract: "usdtLike", address: sandboxContracts.usdtLike, name: "Tether USD (Local)", symbol: "USDT", decimals: 6, abi: "legacy" },
  { contract: "dai18", address: sandboxContracts.dai18, name: "Dai Stablecoin (Local)", symbol: "DAI", decimals: 18, abi: "erc20" }
]

/**
 * A token no configuration and no token list knows, held by the first two users: what token discovery
 * finds in an account's transfers and shows flagged unverified.
 */
export const sandboxUnlistedToken = {
  address: sandboxContracts.points,
  name: "Portico Points",
  symbol: "PTS",
  decimals: 18
} as const

export const sandboxCollections: ReadonlyArray<EvmCollection & { readonly description: string; readonly baseHue: number }> = [
  {
    contract: "nft",
    address: sandboxContracts.nft,
    name: "Portico Pioneers",
    symbol: "PPNR",
    spam: false,
    description: "A local demo collection of the Portico sandbox.",
    baseHue: 210
  },
  {
    contract: "spamNft",
    address: sandboxContracts.spamNft,
    name: "Free Reward Pass",
    symbol: "CLAIM",
    spam: true,
    description: "You won 5,000 USDC! Visit claim-rewards.example to redeem before it expires.",
    baseHue: 0
  }
]

export const sandboxPool: EvmPool = {
  address: sandboxContracts.pool,
  token0: sandboxContracts.usdc6,
  token1: sandboxContracts.dai18,
  feeBps: 30
}

const token = (key: EvmToken["contract"]): EvmToken => {
  const found = sandboxTokens.find((entry) => entry.contract === key)
  if (found === undefined) throw new RangeError(`no sandbox token ${key}`)
  return found
}

const collection = (key: EvmCollection["contract"]) => {
  const found = sandboxCollections.find((entry) => entry.contract === key)
  if (found === undefined) throw new RangeError(`no sandbox collection ${key}`)
  return found
}
