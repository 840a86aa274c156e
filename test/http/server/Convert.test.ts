/**
 * The convert API against the Ethereum-shaped devnet's Uniswap venues, configured as docs/networks/ethereum.json
 * configures Ethereum: quotes that are the best of what the v2 router and the v3 quoter answer (read here
 * from the contracts directly), Ether→USDC through v3 and USDC→DAI through v2 built, approved for exactly
 * the amount and executed, Ether out unwrapped, the slippage minimum and deadline enforced by the routers.
 * A router that reverts offers nothing and an RPC that fails is a 502; refusals are 400s naming the field
 * or the spec's network messages.
 */
import * as fc from "fast-check"
import { createPublicClient, createWalletClient, decodeFunctionData, erc20Abi, http, parseEther, parseUnits, type Address, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { hardhat } from "viem/chains"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { nativeToken } from "../../../http/server/convert/Swaps.ts"
import { quoterV2Abi, swapRouter02Abi, uniswapV2RouterAbi } from "../../../http/server/convert/UniswapAbi.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { chainOf } from "../../../sandbox/evm/EvmDeployment.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { devnetServerOptions, evmChainSpecs } from "../../../sandbox/evm/NetworkShapes.ts"

let evm: EvmDevnets
let api: ApiServer
let unreachable: ApiServer

const chain = "eip155:31337"
const query = "projectId=test-project&st=portico&sv=test"

const contract = (key: string): Address => {
  const address = chainOf(evm.deployment, 31337).contracts[key]
  if (address === undefined) throw new Error(`no ${key}`)
  return address
}

beforeAll(async () => {
  evm = await startEvmDevnets()
  const [ethereum, base] = evmChainSpecs
  const ethereumOptions = devnetServerOptions(ethereum, evm.chains[0]?.rpcUrl ?? "")
  api = await startApiServer({
    port: 0,
    projects: { "test-project": { allowedOrigins: ["*"] } },
    evm: [
      {
        ...ethereumOptions,
        swapVenues: {
          ...ethereumOptions.swapVenues,
          wrappedNative: ethereumOptions.swapVenues?.wrappedNative ?? "",
          // A second v2 venue whose router reverts every call (it is a token contract): it must offer nothing.
          uniswapV2: [...(ethereumOptions.swapVenues?.uniswapV2 ?? []), { name: "Broken", factory: contract("uniswapV2Factory"), router: contract("usdc") }]
        }
      },
      // The second chain has no venues: its swaps are "not supported".
      { chainId: base.chainId, rpcUrl: evm.chains[1]?.rpcUrl ?? "", tokens: chainOf(evm.deployment, base.chainId).tokens }
    ]
  })
  // The same venues behind an RPC that does not answer.
  unreachable = await startApiServer({ port: 0, projects: { "test-project": { allowedOrigins: ["*"] } }, evm: [{ ...ethereumOptions, rpcUrl: "http://127.0.0.1:9" }] })
}, 180_000)

afterAll(async () => {
  await Promise.all([api?.stop(), unreachable?.stop()])
  await evm?.stop()
})

const get = async (path: string, params: Record<string, string>, server = api) => {
  const response = await fetch(`${server.url}${path}?${query}&${new URLSearchParams(params)}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${api.url}${path}?${query}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ projectId: "test-project", ...(body as object) }) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const caip = (address: string) => `${chain}:${address}`
const eth = caip(nativeToken)
const reader = () => createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })

/** What the venues answer, read straight from the contracts: the v2 router's path quote and each v3 tier's. */
const venueQuotes = async (tokenIn: Address, tokenOut: Address, amountIn: bigint) => {
  const client = reader()
  const v2 = await client
    .readContract({ address: contract("uniswapV2Router02"), abi: uniswapV2RouterAbi, functionName: "getAmountsOut", args: [amountIn, [tokenIn, tokenOut]] })
    .then((amounts) => amounts[1] ?? 0n, () => 0n)
  const v3 = await Promise.all([100, 500, 3000, 10000].map((fee) =>
    client
      .simulateContract({ address: contract("quoterV2"), abi: quoterV2Abi, functionName: "quoteExactInputSingle", args: [{ tokenIn, tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }] })
      .then(({ result }) => result[0], () => 0n)))
  return { v2, v3: v3.reduce((best, next) => (next > best ? next : best), 0n) }
}

const quoteOf = async (amount: bigint, from: string, to: string, user: Address) => {
  const { status, body } = await get("/v1/convert/quotes", { amount: amount.toString(), from, to, userAddress: user })
  return { status, body, quote: (body["quotes"] as ReadonlyArray<{ toAmount: string; priceImpact: string; fee: string; route: ReadonlyArray<string> }> | undefined)?.[0] }
}

describe("convert API over Uniswap venues", () => {
  // A demo account the seeded history leaves alone (its nonce and balances are this test's).
  const trader = privateKeyToAccount(accountAt(7).privateKey)
  const wallet = () => createWalletClient({ account: trader, transport: http(evm.chains[0]?.rpcUrl), chain: hardhat })
  const balanceOf = (token: Address) => reader().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [trader.address] })
  const send = async (tx: { to: Hex; data: Hex; amount: string }) => {
    const hash = await wallet().sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.amount) })
    return reader().waitForTransactionReceipt({ hash })
  }

  it("lists Ether and the configured tokens of a network with venues", async () => {
    const { status, body } = await get("/v1/convert/tokens", { chainId: chain })
    expect(status).toBe(200)
    expect((body["tokens"] as ReadonlyArray<{ symbol: string }>).map((entry) => entry.symbol)).toEqual(["ETH", "USDC", "USDT", "DAI"])
  })

  it("quotes the best of the v2 router and the v3 fee tiers, for any amount: Ether→USDC through v3, USDC→DAI through v2", async () => {
    const [weth, usdc, dai] = [contract("weth"), contract("usdc"), contract("dai")]
    await fc.assert(fc.asyncProperty(fc.bigInt({ min: 10n ** 12n, max: parseEther("20") }), async (amountIn) => {
      const { status, quote } = await quoteOf(amountIn, eth, caip(usdc), trader.address)
      const venues = await venueQuotes(weth, usdc, amountIn)
      expect(status).toBe(200)
      expect(venues.v3).toBeGreaterThan(venues.v2)
      expect(BigInt(quote?.toAmount ?? "0")).toBe(venues.v3)
      expect(quote?.fee).toBe("0.05")
      expect(quote?.route).toEqual([eth, caip(usdc)])
    }), { numRuns: 12 })
    await fc.assert(fc.asyncProperty(fc.bigInt({ min: 10n ** 3n, max: parseUnits("50000", 6) }), async (amountIn) => {
      const { quote } = await quoteOf(amountIn, caip(usdc), caip(dai), trader.address)
      const venues = await venueQuotes(usdc, dai, amountIn)
      expect(BigInt(quote?.toAmount ?? "0")).toBe(venues.v2)
      expect(quote?.fee).toBe("0.3")
      expect(Number(quote?.priceImpact)).toBeGreaterThanOrEqual(0.3)
    }), { numRuns: 12 })
  })

  it("answers 400 naming the field for an unknown token, a zero amount, a non-number and a pair no venue has a pool for", async () => {
    const usdc = caip(contract("usdc"))
    const cases: ReadonlyArray<[Record<string, string>, string]> = [
      [{ amount: "1000", from: caip("0x000000000000000000000000000000000000dEaD"), to: usdc }, "from:"],
      [{ amount: "0", from: eth, to: usdc }, "amount:"],
      [{ amount: "1e18", from: eth, to: usdc }, "amount:"],
      [{ amount: "1000", from: eth, to: "not-a-token" }, "to:"],
      [{ amount: "1000", from: eth, to: caip(contract("dai")) }, "to: there is no pool"]
    ]
    for (const [params, field] of cases) {
      const { status, body } = await get("/v1/convert/quotes", { ...params, userAddress: trader.address })
      expect(status).toBe(400)
      expect(String(body["message"])).toContain(field)
    }
  })

  it("refuses networks without venues with the spec's messages", async () => {
    expect(await get("/v1/convert/tokens", { chainId: "eip155:31338" })).toMatchObject({ status: 400, body: { message: "Network not supported for Swaps" } })
    expect(await get("/v1/convert/gas-price", { chainId: "eip155:31338" })).toMatchObject({ status: 400, body: { message: "Network not supported for Gas Price" } })
    // supported-chains names the networks with venues, so the modal offers Swap only there.
    expect((await get("/v1/supported-chains", {})).body["swap"]).toEqual([chain])
    const gas = await get("/v1/convert/gas-price", { chainId: chain })
    expect(BigInt(String(gas.body["fast"]))).toBeGreaterThanOrEqual(BigInt(String(gas.body["standard"])))
  })

  it("answers 502 (which clients retry) when the RPC fails, never a quote", async () => {
    const { status, body } = await get("/v1/convert/quotes", { amount: parseEther("1").toString(), from: eth, to: caip(contract("usdc")), userAddress: trader.address }, unreachable)
    expect(status).toBe(502)
    expect(body["_tag"]).toBe("UpstreamUnavailable")
  })

  it("builds Ether→USDC on SwapRouter02 with a 20-minute deadline, then an exact approval and USDC→DAI on the v2 router, each executing as quoted", async () => {
    const [usdc, dai] = [contract("usdc"), contract("dai")]
    const usdcBefore = await balanceOf(usdc)
    const { quote } = await quoteOf(parseEther("0.5"), eth, caip(usdc), trader.address)
    const built = await post("/v1/convert/build-transaction", { amount: parseEther("0.5").toString(), eip155: { slippage: "1" }, from: eth, to: caip(usdc), userAddress: trader.address })
    expect(built.status).toBe(200)
    const tx = built.body["tx"] as { to: Hex; data: Hex; amount: string; eip155: { gas: string } }
    expect(tx.to).toBe(contract("swapRouter02"))
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(21_000n)
    const { functionName, args } = decodeFunctionData({ abi: swapRouter02Abi, data: tx.data })
    expect(functionName).toBe("multicall")
    const deadline = Number(args?.[0])
    expect(Math.abs(deadline - (Date.now() / 1000 + 1200))).toBeLessThan(60)
    expect((await send(tx)).status).toBe("success")
    expect((await balanceOf(usdc)) - usdcBefore).toBe(BigInt(quote?.toAmount ?? "0"))

    const amount = parseUnits("100", 6).toString()
    const pair = { tokenAddress: caip(usdc), userAddress: trader.address, to: caip(dai), amount }
    expect((await get("/v1/convert/allowance", pair)).body["allowance"]).toBe("0")
    // Without the allowance the estimate refuses, naming the amount.
    expect((await post("/v1/convert/build-transaction", { amount, from: caip(usdc), to: caip(dai), userAddress: trader.address })).body["message"]).toContain("amount:")
    const approval = await get("/v1/convert/build-approve", { userAddress: trader.address, from: caip(usdc), to: caip(dai), amount })
    const approveTx = approval.body["tx"] as { to: Hex; data: Hex; amount: string }
    expect(decodeFunctionData({ abi: erc20Abi, data: approveTx.data }).args).toEqual([contract("uniswapV2Router02"), 100_000_000n])
    await send(approveTx)
    expect((await get("/v1/convert/allowance", pair)).body["allowance"]).toBe(amount)
    // Without the pair, the least any venue's router may spend: SwapRouter02 has no allowance.
    expect((await get("/v1/convert/allowance", { tokenAddress: caip(usdc), userAddress: trader.address })).body["allowance"]).toBe("0")

    const daiBefore = await balanceOf(dai)
    const { quote: daiQuote } = await quoteOf(100_000_000n, caip(usdc), caip(dai), trader.address)
    const swap = await post("/v1/convert/build-transaction", { amount, eip155: { slippage: "0.5" }, from: caip(usdc), to: caip(dai), userAddress: trader.address })
    const swapTx = swap.body["tx"] as { to: Hex; data: Hex; amount: string }
    expect(swapTx.to).toBe(contract("uniswapV2Router02"))
    expect((await send(swapTx)).status).toBe("success")
    expect((await balanceOf(dai)) - daiBefore).toBe(BigInt(daiQuote?.toAmount ?? "0"))
  })

  it("builds USDC→Ether through v3 that unwraps the Ether to the visitor", async () => {
    const usdc = contract("usdc")
    const amount = parseUnits("300", 6)
    await send((await get("/v1/convert/build-approve", { userAddress: trader.address, from: caip(usdc), to: eth, amount: amount.toString() })).body["tx"] as { to: Hex; data: Hex; amount: string })
    const { quote } = await quoteOf(amount, caip(usdc), eth, trader.address)
    const before = await reader().getBalance({ address: trader.address })
    const built = await post("/v1/convert/build-transaction", { amount: amount.toString(), from: caip(usdc), to: eth, userAddress: trader.address })
    const receipt = await send(built.body["tx"] as { to: Hex; data: Hex; amount: string })
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await reader().getBalance({ address: trader.address })) - before + gasCost).toBe(BigInt(quote?.toAmount ?? "0"))
  })

  it("builds swaps whose minimum output the router enforces: a pool moved past the slippage refuses the swap", async () => {
    const usdc = contract("usdc")
    const built = await post("/v1/convert/build-transaction", { amount: parseEther("0.1").toString(), eip155: { slippage: "0.1" }, disableEstimate: true, from: eth, to: caip(usdc), userAddress: trader.address })
    const tx = built.body["tx"] as { to: Hex; data: Hex; amount: string; eip155?: unknown }
    expect(tx.eip155).toBeUndefined()
    // Someone else's large swap moves the price by more than 0.1 % first.
    const mover = await post("/v1/convert/build-transaction", { amount: parseEther("30").toString(), eip155: { slippage: "5" }, disableEstimate: true, from: eth, to: caip(usdc), userAddress: trader.address })
    await send(mover.body["tx"] as { to: Hex; data: Hex; amount: string })
    await expect(wallet().sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.amount) })).rejects.toThrow(/Too little received/)
    expect((await post("/v1/convert/build-transaction", { amount: "1", eip155: { slippage: "75" }, from: eth, to: caip(usdc), userAddress: trader.address })).body["message"]).toContain("eip155.slippage")
  })
})
