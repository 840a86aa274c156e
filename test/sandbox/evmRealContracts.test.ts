/**
 * The contracts the devnets place at real addresses answer as the real ones do for viem code written for
 * mainnet: viem's multicall batching through Multicall3, WETH9's wrap and unwrap, Chainlink's
 * AggregatorV3Interface (only the oracle account may answer), Uniswap v3's QuoterV2 quoting exactly what
 * SwapRouter02 then swaps, the pool's observe for a TWAP at the pool's price, and ENS through viem's own
 * getEnsAddress / getEnsName / getEnsAvatar / getEnsText against the Universal Resolver.
 */
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, erc20Abi, http, parseEther, type Address } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { normalize } from "viem/ens"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { aggregatorV3Abi } from "../../http/server/prices/ChainlinkAbi.ts"
import { meanTick, priceAtTick } from "../../http/server/prices/PoolTwap.ts"
import { quoterV2Abi, swapRouter02Abi, uniswapV3FactoryAbi, uniswapV3PoolAbi } from "../../http/server/convert/UniswapAbi.ts"
import { priceFeedAbi, wrappedEtherAbi } from "../../sandbox/evm/Abi.ts"
import { accountAt, oracleAccount } from "../../sandbox/evm/DemoAccounts.ts"
import { chainOf } from "../../sandbox/evm/EvmDeployment.ts"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { avatarOf, demoEnsNames } from "../../sandbox/evm/EnsSeed.ts"
import { ethereumShape } from "../../sandbox/evm/NetworkShapes.ts"

let devnets: EvmDevnets

beforeAll(async () => {
  devnets = await startEvmDevnets()
}, 180_000)

afterAll(async () => {
  await devnets?.stop()
})

const contract = (key: string, chainId = 31337): Address => {
  const address = chainOf(devnets.deployment, chainId).contracts[key]
  if (address === undefined) throw new Error(`no ${key} on ${chainId}`)
  return address
}

/** A viem client as a dapp on Ethereum builds it: mainnet's contracts (Multicall3, the Universal Resolver) on the devnet's RPC. */
const mainnetLike = () =>
  createPublicClient({
    chain: defineChain({ ...mainnet, id: 31337, rpcUrls: { default: { http: [devnets.chains[0]?.rpcUrl ?? ""] } } }),
    transport: http()
  })

const walletOf = (accountIndex: number) =>
  createWalletClient({ account: privateKeyToAccount(accountAt(accountIndex).privateKey), chain: defineChain({ ...mainnet, id: 31337 }), transport: http(devnets.chains[0]?.rpcUrl) })

describe("contracts at Ethereum's addresses", () => {
  it("batches reads through Multicall3 at the address viem's mainnet definition names", async () => {
    const client = mainnetLike()
    const [usdc, dai] = [contract("usdc"), contract("dai")]
    const results = await client.multicall({
      contracts: [
        { address: usdc, abi: erc20Abi, functionName: "symbol" },
        { address: dai, abi: erc20Abi, functionName: "decimals" },
        { address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [accountAt(0).address] }
      ]
    })
    expect(results.map((result) => result.status)).toEqual(["success", "success", "success"])
    expect([results[0]?.result, results[1]?.result]).toEqual(["USDC", 18])
  })

  it("wraps and unwraps Ether as WETH9", async () => {
    const client = mainnetLike()
    const weth = contract("weth")
    const wallet = walletOf(6)
    const before = await client.readContract({ address: weth, abi: erc20Abi, functionName: "balanceOf", args: [wallet.account.address] })
    await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: weth, abi: wrappedEtherAbi, functionName: "deposit", value: parseEther("2") }) })
    expect(await client.readContract({ address: weth, abi: erc20Abi, functionName: "balanceOf", args: [wallet.account.address] })).toBe(before + parseEther("2"))
    await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: weth, abi: wrappedEtherAbi, functionName: "withdraw", args: [parseEther("2")] }) })
    expect(await client.readContract({ address: weth, abi: erc20Abi, functionName: "balanceOf", args: [wallet.account.address] })).toBe(before)
    expect(await client.readContract({ address: weth, abi: erc20Abi, functionName: "symbol" })).toBe("WETH")
  })

  it("answers each Chainlink feed fresh (the keeper answered at start), and takes answers only from the oracle account", async () => {
    const client = mainnetLike()
    const feed = contract("ethUsdFeed")
    expect(feed).toBe("0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419")
    expect(await client.readContract({ address: feed, abi: aggregatorV3Abi, functionName: "description" })).toBe("ETH / USD")
    expect(await client.readContract({ address: feed, abi: aggregatorV3Abi, functionName: "decimals" })).toBe(8)
    const [, answer, , updatedAt] = await client.readContract({ address: feed, abi: aggregatorV3Abi, functionName: "latestRoundData" })
    expect(answer).toBe(3000n * 10n ** 8n)
    const heartbeat = ethereumShape.priceFeeds?.find((entry) => entry.asset === "native")?.heartbeatSeconds ?? 0
    expect(Date.now() / 1000 - Number(updatedAt)).toBeLessThan(heartbeat)
    expect(await client.readContract({ address: feed, abi: priceFeedAbi, functionName: "transmitter" })).toBe(oracleAccount.address)
    await expect(client.simulateContract({ account: accountAt(0).address, address: feed, abi: priceFeedAbi, functionName: "transmit", args: [1n] })).rejects.toThrow(/NotTransmitter/)
  })

  it("quotes on QuoterV2 exactly what SwapRouter02 then swaps, Ether in through multicall with a deadline", async () => {
    const client = mainnetLike()
    const [weth, usdc, quoter, router] = [contract("weth"), contract("usdc"), contract("quoterV2"), contract("swapRouter02")]
    const amountIn = parseEther("1.5")
    const { result: [quoted, priceAfter] } = await client.simulateContract({
      address: quoter,
      abi: quoterV2Abi,
      functionName: "quoteExactInputSingle",
      args: [{ tokenIn: weth, tokenOut: usdc, amountIn, fee: 500, sqrtPriceLimitX96: 0n }]
    })
    // 1.5 ETH at 3000 USDC less the 0.05 % fee and a little impact.
    expect(quoted).toBeGreaterThan(4_480_000_000n)
    expect(quoted).toBeLessThan(4_500_000_000n)
    const wallet = walletOf(6)
    const before = await client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [wallet.account.address] })
    const single = { tokenIn: weth, tokenOut: usdc, fee: 500, recipient: wallet.account.address, amountIn, amountOutMinimum: quoted, sqrtPriceLimitX96: 0n }
    const calls = [encodeFunctionData({ abi: swapRouter02Abi, functionName: "exactInputSingle", args: [single] })]
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: router, abi: swapRouter02Abi, functionName: "multicall", args: [deadline, calls], value: amountIn }) })
    expect(await client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [wallet.account.address] })).toBe(before + quoted)
    const pool = await client.readContract({ address: contract("uniswapV3Factory"), abi: uniswapV3FactoryAbi, functionName: "getPool", args: [weth, usdc, 500] })
    expect((await client.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "slot0" }))[0]).toBe(priceAfter)
    await expect(
      client.simulateContract({ account: wallet.account, address: router, abi: swapRouter02Abi, functionName: "multicall", args: [1n, calls], value: amountIn })
    ).rejects.toThrow(/Transaction too old/)
  })

  it("observes the WETH/USDC pool's tick accumulators, whose 30-minute mean is the pool's price near 3000", async () => {
    const client = mainnetLike()
    const [weth, usdc] = [contract("weth"), contract("usdc")]
    const pool = await client.readContract({ address: contract("uniswapV3Factory"), abi: uniswapV3FactoryAbi, functionName: "getPool", args: [weth, usdc, 500] })
    const [[older, newer] = []] = await client.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "observe", args: [[1800, 0]] })
    if (older === undefined || newer === undefined) throw new Error("no observations")
    // WETH is token1 here (USDC's address is lower): its price in USDC is 1.0001^-tick, scaled by the decimals.
    const price = priceAtTick(meanTick(older, newer, 1800), BigInt(weth) < BigInt(usdc), 18, 6)
    expect(price).toBeGreaterThan(2900)
    expect(price).toBeLessThan(3100)
    expect(await client.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "liquidity" })).toBeGreaterThan(10n ** 12n)
  })
})

describe("ENS at Ethereum's addresses", () => {
  it("resolves the demo names forward, reverse (checked forward) and their avatars with viem's ENS actions", async () => {
    const client = mainnetLike()
    for (const { label, account, hue } of demoEnsNames) {
      const name = normalize(`${label}.eth`)
      expect(await client.getEnsAddress({ name })).toBe(accountAt(account).address)
      expect(await client.getEnsName({ address: accountAt(account).address })).toBe(name)
      expect(await client.getEnsText({ name, key: "avatar" })).toBe(avatarOf(label, hue))
      expect(await client.getEnsAvatar({ name })).toBe(avatarOf(label, hue))
    }
  })

  it("answers null for a name nobody registered, and for an address without a primary name", async () => {
    const client = mainnetLike()
    expect(await client.getEnsAddress({ name: normalize("nobody-here.eth") })).toBeNull()
    expect(await client.getEnsName({ address: accountAt(8).address })).toBeNull()
    expect(await client.getEnsAvatar({ name: normalize("nobody-here.eth") })).toBeNull()
  })
})
