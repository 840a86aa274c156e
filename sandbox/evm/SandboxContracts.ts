import { getAddress, getContractAddress, type Address } from "viem"
import type { ContractName } from "./Compile.ts"
import { deployerAccount } from "./DemoAccounts.ts"
import type { EvmCollection, EvmToken } from "./EvmDeployment.ts"
import type { NetworkShape } from "./NetworkShapes.ts"
import { isLegacyToken, placementsOf, tokenKey } from "./RealContracts.ts"

/** The sandbox's own contracts, deployed by the deployer in nonce order, at the same addresses on both chains. */
export type DeployedKey = "nft" | "spamNft" | "poolSeeder" | "points"

/** One contract creation of the deployment, in nonce order. */
export interface PlannedDeployment {
  readonly key: DeployedKey
  readonly contract: ContractName
  readonly args: () => ReadonlyArray<unknown>
}

const collectionArgs = (key: EvmCollection["contract"]) => () => {
  const { name, symbol, description, baseHue } = collection(key)
  return [name, symbol, description, baseHue]
}

/** What the token on no list calls itself (sandboxUnlistedToken). */
const unlistedToken = { name: "Portico Points", symbol: "PTS", decimals: 18 } as const

export const deploymentPlan: ReadonlyArray<PlannedDeployment> = [
  { key: "nft", contract: "Collection", args: collectionArgs("nft") },
  { key: "spamNft", contract: "Collection", args: collectionArgs("spamNft") },
  { key: "poolSeeder", contract: "PoolSeeder", args: () => [] },
  { key: "points", contract: "Token", args: () => [unlistedToken.name, unlistedToken.symbol, unlistedToken.decimals] }
]

/** Addresses follow from the deployer and its nonce alone, so they are known before any chain starts. */
export const deployedContracts: Readonly<Record<DeployedKey, Address>> = Object.fromEntries(
  deploymentPlan.map(({ key }, nonce) => [key, getContractAddress({ from: deployerAccount.address, nonce: BigInt(nonce) })])
) as Record<DeployedKey, Address>

/** Every contract of a devnet shaped after `shape`, by key: those at the real network's addresses, then the sandbox's own. */
export const chainContracts = (shape: NetworkShape): Readonly<Record<string, Address>> => ({
  ...Object.fromEntries(placementsOf(shape).map((placement) => [placement.key, placement.address])),
  ...deployedContracts
})

/** A chain's contract by key; a key the chain lacks is a mistake in the sandbox. */
export const contractOf = (contracts: Readonly<Record<string, Address>>, key: string): Address => {
  const address = contracts[key]
  if (address === undefined) throw new RangeError(`no sandbox contract ${key}`)
  return address
}

/** The configured tokens of a devnet shaped after `shape`. */
export const chainTokens = (shape: NetworkShape): ReadonlyArray<EvmToken> =>
  (shape.tokens ?? []).map((token) => ({
    contract: tokenKey(token.symbol),
    address: getAddress(token.address),
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    abi: isLegacyToken(token.address) ? "legacy" : "erc20"
  }))

/**
 * A token no configuration and no token list knows, held by the first two users: what token discovery
 * finds in an account's transfers and shows flagged unverified.
 */
export const sandboxUnlistedToken = { address: deployedContracts.points, ...unlistedToken } as const

export const sandboxCollections: ReadonlyArray<EvmCollection & { readonly description: string; readonly baseHue: number }> = [
  {
    contract: "nft",
    address: deployedContracts.nft,
    name: "Portico Pioneers",
    symbol: "PPNR",
    spam: false,
    description: "A local demo collection of the Portico sandbox.",
    baseHue: 210
  },
  {
    contract: "spamNft",
    address: deployedContracts.spamNft,
    name: "Free Reward Pass",
    symbol: "CLAIM",
    spam: true,
    description: "You won 5,000 USDC! Visit claim-rewards.example to redeem before it expires.",
    baseHue: 0
  }
]

const collection = (key: EvmCollection["contract"]) => {
  const found = sandboxCollections.find((entry) => entry.contract === key)
  if (found === undefined) throw new RangeError(`no sandbox collection ${key}`)
  return found
}
