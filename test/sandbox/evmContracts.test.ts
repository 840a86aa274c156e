import { getContractAddress, type Abi, type AbiParameter } from "viem"
import { formatAbiItem } from "viem/utils"
import { describe, expect, it } from "vitest"
import { aggregatorV3Abi } from "../../http/server/prices/ChainlinkAbi.ts"
import {
  quoterV2Abi,
  swapRouter02Abi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi
} from "../../http/server/convert/UniswapAbi.ts"
import {
  collectionAbi,
  ensRegistryAbi,
  legacyTokenAbi,
  poolSeederAbi,
  priceFeedAbi,
  publicResolverAbi,
  tokenAbi,
  wrappedEtherAbi
} from "../../sandbox/evm/Abi.ts"
import { spendPermissionsAbi } from "../../core/permissions/SpendPermissions.ts"
import { compileContracts, type ContractName } from "../../sandbox/evm/Compile.ts"
import { deployerAccount } from "../../sandbox/evm/DemoAccounts.ts"
import { evmChainSpecs } from "../../sandbox/evm/NetworkShapes.ts"
import { chainTokens, deployedContracts, deploymentPlan } from "../../sandbox/evm/SandboxContracts.ts"

// "function transfer(address,uint256)", "event Transfer(address,address,uint256)", "error ZeroAddress()".
const signatureOf = (item: Abi[number]): string =>
  `${item.type} ${item.type === "constructor" || item.type === "receive" || item.type === "fallback" ? "" : formatAbiItem(item)}`

const outputsOf = (abi: Abi, signature: string): ReadonlyArray<string> | undefined => {
  const item = abi.find((entry) => signatureOf(entry) === signature)
  return item !== undefined && "outputs" in item ? item.outputs.map((output: AbiParameter) => output.type) : undefined
}

const typedAbis: ReadonlyArray<readonly [ContractName, Abi]> = [
  ["Token", tokenAbi],
  ["LegacyToken", legacyTokenAbi],
  ["Collection", collectionAbi],
  // The public interfaces Portico's server calls, exactly as Uniswap's and Chainlink's contracts declare them.
  ["PriceFeed", aggregatorV3Abi],
  ["UniswapV2Factory", uniswapV2FactoryAbi],
  ["UniswapV2Pair", uniswapV2PairAbi],
  ["UniswapV2Router02", uniswapV2RouterAbi],
  ["UniswapV3Factory", uniswapV3FactoryAbi],
  ["UniswapV3Pool", uniswapV3PoolAbi],
  ["QuoterV2", quoterV2Abi],
  ["SwapRouter02", swapRouter02Abi],
  // The sandbox's own calls.
  ["PriceFeed", priceFeedAbi],
  ["WrappedEther", wrappedEtherAbi],
  ["PoolSeeder", poolSeederAbi],
  ["EnsRegistry", ensRegistryAbi],
  ["PublicResolver", publicResolverAbi],
  // Portico's own contract, as the embedded wallet and sites call it.
  ["SpendPermissions", spendPermissionsAbi]
]

describe("sandbox contracts", () => {
  it("compile with solc-js, and every typed ABI item exists in the compiler's ABI with the same outputs", async () => {
    const compiled = await compileContracts()
    for (const [name, typed] of typedAbis) {
      const actual = compiled[name].abi
      expect(compiled[name].bytecode).toMatch(/^0x6[01][0-9a-f]+$/)
      for (const item of typed) {
        const signature = signatureOf(item)
        expect(actual.map(signatureOf), `${name}: ${signature}`).toContain(signature)
        if (item.type === "function") expect(outputsOf(actual, signature)).toEqual(item.outputs.map((output) => output.type))
      }
    }
  })

  it("give the legacy token a transfer with no return value, unlike the standard token", async () => {
    const compiled = await compileContracts()
    expect(outputsOf(compiled.LegacyToken.abi, "function transfer(address,uint256)")).toEqual([])
    expect(outputsOf(compiled.LegacyToken.abi, "function transferFrom(address,address,uint256)")).toEqual([])
    expect(outputsOf(compiled.Token.abi, "function transfer(address,uint256)")).toEqual(["bool"])
  })

  it("sit at the addresses of the deployer's first nonces, in plan order", () => {
    expect(deploymentPlan.map((step) => step.key)).toEqual(["nft", "spamNft", "poolSeeder", "points"])
    deploymentPlan.forEach((step, nonce) => {
      expect(deployedContracts[step.key]).toBe(getContractAddress({ from: deployerAccount.address, nonce: BigInt(nonce) }))
    })
    for (const spec of evmChainSpecs) {
      expect(chainTokens(spec.shape).map((token) => [token.symbol, token.decimals])).toEqual([["USDC", 6], ["USDT", 6], ["DAI", 18]])
    }
  })
})
