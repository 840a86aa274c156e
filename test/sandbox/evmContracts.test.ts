import { getContractAddress, type Abi, type AbiParameter } from "viem"
import { formatAbiItem } from "viem/utils"
import { describe, expect, it } from "vitest"
import { collectionAbi, legacyTokenAbi, poolAbi, tokenAbi } from "../../sandbox/evm/Abi.ts"
import { compileContracts, type ContractName } from "../../sandbox/evm/Compile.ts"
import { deployerAccount } from "../../sandbox/evm/DemoAccounts.ts"
import { deploymentPlan, sandboxContracts, sandboxPool, sandboxTokens } from "../../sandbox/evm/SandboxContracts.ts"

// "function transfer(address,uint256)", "event Transfer(address,address,uint256)", "error ZeroAddress()".
const signatureOf = (item: Abi[number]): string => `${item.type} ${item.type === "constructor" ? "" : formatAbiItem(item)}`

const outputsOf = (abi: Abi, signature: string): ReadonlyArray<string> | undefined => {
  const item = abi.find((entry) => signatureOf(entry) === signature)
  return item !== undefined && "outputs" in item ? item.outputs.map((output: AbiParameter) => output.type) : undefined
}

const typedAbis: ReadonlyArray<readonly [ContractName, Abi]> = [
  ["Token", tokenAbi],
  ["LegacyToken", legacyTokenAbi],
  ["Collection", collectionAbi],
  ["ConstantProductPool", poolAbi]
]

describe("sandbox contracts", () => {
  it("compile with solc-js, and every typed ABI item exists in the compiler's ABI with the same outputs", async () => {
    const compiled = await compileContracts()
    for (const [name, typed] of typedAbis) {
      const actual = compiled[name].abi
      expect(compiled[name].bytecode).toMatch(/^0x60[0-9a-f]+$/)
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
    expect(deploymentPlan.map((step) => step.key)).toEqual(["usdc6", "usdtLike", "dai18", "nft", "spamNft", "pool", "router", "points"])
    deploymentPlan.forEach((step, nonce) => {
      expect(sandboxContracts[step.key]).toBe(getContractAddress({ from: deployerAccount.address, nonce: BigInt(nonce) }))
    })
    expect(sandboxTokens.map((token) => [token.symbol, token.decimals])).toEqual([["USDC", 6], ["USDT", 6], ["DAI", 18]])
    expect([sandboxPool.token0, sandboxPool.token1]).toEqual([sandboxContracts.usdc6, sandboxContracts.dai18])
  })
})
