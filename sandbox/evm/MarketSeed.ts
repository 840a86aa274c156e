/**
 * The market a devnet starts with: each feed's first answer (Ether at 3000, the stablecoins at a dollar),
 * wrapped Ether for the deployer, Uniswap v2 pairs (USDC/DAI deep, WETH/USDC shallow) and v3 pools
 * (WETH/USDC at 0.05 %, USDT/USDC at 0.01 %) filled at those prices, so a swap of Ether for USDC is best
 * through v3 and one of USDC for DAI through v2, as on Ethereum.
 */
import { encodeAbiParameters, encodeDeployData, encodeFunctionData, getContractAddress, keccak256, maxUint256, type Address, type Hex } from "viem"
import { uniswapV2RouterAbi, uniswapV3FactoryAbi, uniswapV3PoolAbi } from "../../http/server/convert/UniswapAbi.ts"
import { poolSeederAbi, priceFeedAbi, tokenAbi, wrappedEtherAbi } from "./Abi.ts"
import type { CompiledContracts } from "./Compile.ts"
import { deployerAccount, oracleAccount } from "./DemoAccounts.ts"
import type { NetworkShape } from "./NetworkShapes.ts"
import { feedDecimals, feedKey, feedSymbol, sandboxUsdPrices } from "./RealContracts.ts"
import { contractOf } from "./SandboxContracts.ts"
import type { SeedStep } from "./SeedSchedule.ts"

type Draft = Omit<SeedStep, "timestamp">

const deployer = deployerAccount.address
const ether = 10n ** 18n
const dollars6 = 10n ** 6n
const dollars18 = 10n ** 18n
/** Far enough that a seeded router call never expires. */
const noDeadline = 2n ** 64n

const isqrt = (value: bigint): bigint => {
  if (value < 2n) return value
  let x = value
  let y = (x + 1n) / 2n
  while (y < x) {
    x = y
    y = (x + value / x) / 2n
  }
  return x
}

/** The answer, in the feed's 8 decimals, that the sandbox's oracle gives an asset. */
export const initialAnswer = (symbol: string, nativeSymbol: string): bigint =>
  BigInt(symbol === nativeSymbol ? sandboxUsdPrices.native : sandboxUsdPrices.token) * 10n ** BigInt(feedDecimals)

const v3TickSpacing: Readonly<Record<number, number>> = { 100: 1, 500: 10, 3000: 60, 10000: 200 }

/** Where the v3 factory deploys a pool (CREATE2 from the factory, salted by the sorted tokens and fee). */
export const v3PoolAddress = (compiled: CompiledContracts, factory: Address, tokenA: Address, tokenB: Address, fee: number): Address => {
  const [token0, token1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA]
  const { abi, bytecode } = compiled.UniswapV3Pool
  return getContractAddress({
    opcode: "CREATE2",
    from: factory,
    salt: keccak256(encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "uint24" }], [token0, token1, fee])),
    bytecode: encodeDeployData({ abi, bytecode, args: [token0, token1, fee, v3TickSpacing[fee] ?? 0] })
  })
}

const call = (kind: SeedStep["kind"], to: Address, data: Hex, value?: bigint): Draft => ({ kind, from: deployer, to, data, ...(value === undefined ? {} : { value }) })
const approve = (token: Address, spender: Address) =>
  call("approve", token, encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [spender, maxUint256] }))

/** Each feed's first answer, transmitted by the oracle account. */
export const feedDrafts = (shape: NetworkShape, contracts: Readonly<Record<string, Address>>): ReadonlyArray<Draft> =>
  (shape.priceFeeds ?? []).map((feed) => {
    const symbol = feedSymbol(shape, feed.asset)
    const answer = initialAnswer(symbol, shape.nativeCurrency?.symbol ?? "ETH")
    return {
      kind: "price-update",
      from: oracleAccount.address,
      to: contractOf(contracts, feedKey(symbol)),
      data: encodeFunctionData({ abi: priceFeedAbi, functionName: "transmit", args: [answer] })
    }
  })

/** A v3 pool created, initialized at amount1/amount0 and filled with full-range liquidity L = √(amount0·amount1). */
const v3Pool = (compiled: CompiledContracts, contracts: Readonly<Record<string, Address>>, tokenA: Address, amountA: bigint, tokenB: Address, amountB: bigint, fee: number): ReadonlyArray<Draft> => {
  const factory = contractOf(contracts, "uniswapV3Factory")
  const pool = v3PoolAddress(compiled, factory, tokenA, tokenB, fee)
  const [amount0, amount1] = BigInt(tokenA) < BigInt(tokenB) ? [amountA, amountB] : [amountB, amountA]
  const sqrtPriceX96 = isqrt((amount1 << 192n) / amount0)
  return [
    call("create-pool", factory, encodeFunctionData({ abi: uniswapV3FactoryAbi, functionName: "createPool", args: [tokenA, tokenB, fee] })),
    call("create-pool", pool, encodeFunctionData({ abi: uniswapV3PoolAbi, functionName: "initialize", args: [sqrtPriceX96] })),
    call("add-liquidity", contractOf(contracts, "poolSeeder"), encodeFunctionData({ abi: poolSeederAbi, functionName: "addLiquidity", args: [pool, isqrt(amount0 * amount1)] }))
  ]
}

/** Wrapped Ether for the deployer, the v2 pairs and the v3 pools. */
export const liquidityDrafts = (compiled: CompiledContracts, contracts: Readonly<Record<string, Address>>): ReadonlyArray<Draft> => {
  const [weth, usdc, usdt, dai] = ["weth", "usdc", "usdt", "dai"].map((key) => contractOf(contracts, key)) as [Address, Address, Address, Address]
  const router = contractOf(contracts, "uniswapV2Router02")
  const seeder = contractOf(contracts, "poolSeeder")
  const addV2 = (tokenA: Address, amountA: bigint, tokenB: Address, amountB: bigint) =>
    call("add-liquidity", router, encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: "addLiquidity", args: [tokenA, tokenB, amountA, amountB, 0n, 0n, deployer, noDeadline] }))
  return [
    call("wrap", weth, encodeFunctionData({ abi: wrappedEtherAbi, functionName: "deposit" }), 1_100n * ether),
    ...[usdc, dai, weth].map((token) => approve(token, router)),
    ...[usdc, usdt, weth].map((token) => approve(token, seeder)),
    addV2(usdc, 2_500_000n * dollars6, dai, 2_500_000n * dollars18),
    addV2(weth, 50n * ether, usdc, 150_000n * dollars6),
    ...v3Pool(compiled, contracts, weth, 1_000n * ether, usdc, 3_000_000n * dollars6, 500),
    ...v3Pool(compiled, contracts, usdt, 1_000_000n * dollars6, usdc, 1_000_000n * dollars6, 100)
  ]
}

/**
 * A seeded swap through the v2 router: an approval of exactly `amountIn` of the path's first token, as a
 * careful wallet gives, then the swap for whatever it returns (so no demo account is left with an allowance).
 */
export const v2Swap = (contracts: Readonly<Record<string, Address>>, from: Address, path: readonly [Address, Address], amountIn: bigint): ReadonlyArray<Draft> => {
  const router = contractOf(contracts, "uniswapV2Router02")
  return [
    { kind: "approve", from, to: path[0], data: encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [router, amountIn] }) },
    {
      kind: "swap",
      from,
      to: router,
      data: encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: "swapExactTokensForTokens", args: [amountIn, 0n, [...path], from, noDeadline] })
    }
  ]
}
