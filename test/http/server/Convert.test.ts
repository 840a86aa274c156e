/**
 * The convert API against the sandbox's swap router on the EVM devnet: tokens, quotes that match an
 * independent constant-product computation over the reserves read on chain, allowance, gas price, and
 * built approvals and swaps that execute (Ether→USDC, then USDC→DAI after the approval), with the slippage
 * bound enforced by the router. Refusals are 400s naming the field, or the spec's network messages.
 */
import * as fc from "fast-check"
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { hardhat } from "viem/chains"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { swapRouterAbi } from "../../../http/server/convert/SwapRouterAbi.ts"
import { nativeToken } from "../../../http/server/convert/SwapVenues.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"

let evm: EvmDevnets
let api: ApiServer

const chain = "eip155:31337"
const query = "projectId=test-project&st=portico&sv=test"

beforeAll(async () => {
  evm = await startEvmDevnets()
  api = await startApiServer({
    port: 0,
    projects: { "test-project": { allowedOrigins: ["*"] } },
    evm: evm.chains.map((devnet, index) => ({
      chainId: devnet.chainId,
      rpcUrl: devnet.rpcUrl,
      tokens: evm.deployment.tokens,
      // The second chain has no router: its swaps are "not supported".
      ...(index === 0 ? { swapRouter: evm.deployment.contracts.router } : {})
    }))
  })
}, 180_000)

afterAll(async () => {
  await api?.stop()
  await evm?.stop()
})

const get = async (path: string, params: Record<string, string>) => {
  const response = await fetch(`${api.url}${path}?${query}&${new URLSearchParams(params)}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${api.url}${path}?${query}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const token = (symbol: string) => {
  const found = evm.deployment.tokens.find((candidate) => candidate.symbol === symbol)
  if (found === undefined) throw new Error(`no ${symbol}`)
  return found
}
const caip = (address: string) => `${chain}:${address}`
const eth = caip(nativeToken)

/** The reference formula, written apart from core/swap/Quote.ts: out = in·997·R_out / (R_in·1000 + in·997). */
const expectedOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) => (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

const reader = () => createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })
const routerAddress = (symbol: string) => (symbol === "ETH" ? "0x0000000000000000000000000000000000000000" : token(symbol).address)

const reserves = (from: string, to: string) =>
  reader().readContract({ address: evm.deployment.contracts.router, abi: swapRouterAbi, functionName: "getReserves", args: [routerAddress(from), routerAddress(to)] })

describe("convert API", () => {
  // A demo account the seeded history leaves alone (its nonce and balances are this test's).
  const trader = privateKeyToAccount(accountAt(7).privateKey)
  const wallet = () => createWalletClient({ account: trader, transport: http(evm.chains[0]?.rpcUrl), chain: hardhat })
  it("lists Ether and the configured tokens of a network with a router", async () => {
    const { status, body } = await get("/v1/convert/tokens", { chainId: chain })
    expect(status).toBe(200)
    expect((body["tokens"] as ReadonlyArray<{ symbol: string }>).map((entry) => entry.symbol)).toEqual(["ETH", "USDC", "USDT", "DAI"])
  })

  it("quotes what the pool's reserves give by the constant-product formula, for any amount the pool can fill", async () => {
    const [reserveIn, reserveOut] = await reserves("ETH", "USDC")
    await fc.assert(fc.asyncProperty(fc.bigInt({ min: 1n, max: reserveIn / 2n }), async (amountIn) => {
      const { status, body } = await get("/v1/convert/quotes", { amount: amountIn.toString(), from: eth, to: caip(token("USDC").address), userAddress: trader.address })
      const expected = expectedOut(amountIn, reserveIn, reserveOut)
      if (expected === 0n) {
        // Dust: the pool would return nothing, which is refused rather than quoted.
        expect([status, String(body["message"])]).toEqual([400, "amount: too small for this pool to return anything"])
        return
      }
      expect(status).toBe(200)
      const [quote] = body["quotes"] as ReadonlyArray<{ toAmount: string; priceImpact: string; route: ReadonlyArray<string> }>
      expect(BigInt(quote?.toAmount ?? "0")).toBe(expected)
      expect(Number(quote?.priceImpact)).toBeGreaterThanOrEqual(0.3)
      expect(quote?.route).toEqual([eth, caip(token("USDC").address)])
    }), { numRuns: 25 })
  })

  it("answers 400 naming the field for an unknown token, a zero amount, a non-number and a pair without a pool", async () => {
    const usdc = caip(token("USDC").address)
    const cases: ReadonlyArray<[Record<string, string>, string]> = [
      [{ amount: "1000", from: caip("0x000000000000000000000000000000000000dEaD"), to: usdc }, "from:"],
      [{ amount: "0", from: eth, to: usdc }, "amount:"],
      [{ amount: "1e18", from: eth, to: usdc }, "amount:"],
      [{ amount: "1000", from: eth, to: "not-a-token" }, "to:"],
      [{ amount: "1000", from: eth, to: caip(token("DAI").address) }, "to:"]
    ]
    for (const [params, field] of cases) {
      const { status, body } = await get("/v1/convert/quotes", { ...params, userAddress: trader.address })
      expect(status).toBe(400)
      expect(String(body["message"])).toContain(field)
    }
  })

  it("refuses networks without swaps with the spec's messages", async () => {
    const other = evm.chains[1]?.chainId
    expect(await get("/v1/convert/tokens", { chainId: `eip155:${other}` })).toMatchObject({ status: 400, body: { message: "Network not supported for Swaps" } })
    expect(await get("/v1/convert/gas-price", { chainId: `eip155:${other}` })).toMatchObject({ status: 400, body: { message: "Network not supported for Gas Price" } })
    const gas = await get("/v1/convert/gas-price", { chainId: chain })
    expect(BigInt(String(gas.body["fast"]))).toBeGreaterThanOrEqual(BigInt(String(gas.body["standard"])))
  })

  it("builds a swap from Ether that executes, then an approval and a token swap that execute", async () => {
    const client = reader()
    const usdc = token("USDC")
    const dai = token("DAI")
    const balanceOf = (address: Hex) => client.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [trader.address] })

    const usdcBefore = await balanceOf(usdc.address as Hex)
    const quote = await get("/v1/convert/quotes", { amount: parseEther("0.5").toString(), from: eth, to: caip(usdc.address), userAddress: trader.address })
    const quoted = BigInt(String((quote.body["quotes"] as ReadonlyArray<{ toAmount: string }>)[0]?.toAmount))
    const built = await post("/v1/convert/build-transaction", {
      amount: parseEther("0.5").toString(), eip155: { slippage: "1" }, projectId: "test-project", from: eth, to: caip(usdc.address), userAddress: trader.address
    })
    expect(built.status).toBe(200)
    const tx = built.body["tx"] as { to: Hex; data: Hex; amount: string; eip155: { gas: string } }
    expect(BigInt(tx.eip155.gas)).toBeGreaterThan(21_000n)
    const hash = await wallet().sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.amount) })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success")
    expect(await balanceOf(usdc.address as Hex) - usdcBefore).toBe(quoted)

    const amount = parseUnits("100", 6).toString()
    const allowanceBefore = await get("/v1/convert/allowance", { tokenAddress: caip(usdc.address), userAddress: trader.address })
    expect(allowanceBefore.body["allowance"]).toBe("0")
    // Without the allowance the estimate refuses, naming the amount.
    expect((await post("/v1/convert/build-transaction", { amount, projectId: "test-project", from: caip(usdc.address), to: caip(dai.address), userAddress: trader.address })).status).toBe(400)
    const approval = await get("/v1/convert/build-approve", { userAddress: trader.address, from: caip(usdc.address), to: caip(dai.address), amount })
    const approveTx = approval.body["tx"] as { to: Hex; data: Hex }
    await client.waitForTransactionReceipt({ hash: await wallet().sendTransaction({ to: approveTx.to, data: approveTx.data }) })
    expect((await get("/v1/convert/allowance", { tokenAddress: caip(usdc.address), userAddress: trader.address })).body["allowance"]).toBe(amount)

    const daiBefore = await balanceOf(dai.address as Hex)
    const swap = await post("/v1/convert/build-transaction", { amount, eip155: { slippage: "0.5" }, projectId: "test-project", from: caip(usdc.address), to: caip(dai.address), userAddress: trader.address })
    const swapTx = swap.body["tx"] as { to: Hex; data: Hex }
    expect((await client.waitForTransactionReceipt({ hash: await wallet().sendTransaction({ to: swapTx.to, data: swapTx.data }) })).status).toBe("success")
    expect(await balanceOf(dai.address as Hex)).toBeGreaterThan(daiBefore + parseUnits("99", 18))
  })

  it("builds swaps whose minimum output the router enforces: a pool moved past the slippage refuses the swap", async () => {
    const client = reader()
    const usdc = token("USDC")
    const built = await post("/v1/convert/build-transaction", {
      amount: parseEther("0.1").toString(), eip155: { slippage: "0.1" }, projectId: "test-project", disableEstimate: true, from: eth, to: caip(usdc.address), userAddress: trader.address
    })
    const tx = built.body["tx"] as { to: Hex; data: Hex; amount: string; eip155?: unknown }
    expect(tx.eip155).toBeUndefined()
    // Someone else's large swap moves the price by more than 0.1 % first.
    const mover = await post("/v1/convert/build-transaction", {
      amount: parseEther("3").toString(), eip155: { slippage: "5" }, projectId: "test-project", disableEstimate: true, from: eth, to: caip(usdc.address), userAddress: trader.address
    })
    const moverTx = mover.body["tx"] as { to: Hex; data: Hex; amount: string }
    await client.waitForTransactionReceipt({ hash: await wallet().sendTransaction({ to: moverTx.to, data: moverTx.data, value: BigInt(moverTx.amount) }) })
    await expect(wallet().sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.amount) })).rejects.toThrow(/Slippage|revert/)
    expect((await post("/v1/convert/build-transaction", { amount: "1", eip155: { slippage: "75" }, projectId: "test-project", from: eth, to: caip(usdc.address), userAddress: trader.address })).body["message"]).toContain("eip155.slippage")
  })
})
