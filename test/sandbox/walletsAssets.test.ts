/**
 * The EVM demo wallet's EIP-5792 and EIP-7811 methods on the sandbox devnet: a host's viem `sendCalls`
 * lands every call and `waitForCallsStatus` sees them confirmed; `wallet_getAssets` answers what the
 * chain holds; and core's balance source takes the wallet's assets when it reports discovery and the
 * balance service when it does not.
 */
import * as Effect from "effect/Effect"
import { createPublicClient, createWalletClient, custom, erc20Abi, http, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Eip1193 from "../../core/connectors/Eip1193.ts"
import * as RpcResult from "../../core/RpcResult.ts"
import * as BalanceSource from "../../core/send/BalanceSource.ts"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { chainOf } from "../../sandbox/evm/EvmDeployment.ts"
import { createEvmProvider, type EvmProvider } from "../../sandbox/wallets/EvmWallet.ts"
import { answering, rejection } from "../support/demoWallet.ts"

// Balance reads need no wallet events.
const connectorOf = (provider: EvmProvider) =>
  Eip1193.make({ id: "demo", name: "Demo", chain: "eip155", type: "ANNOUNCED" }, { request: (args) => provider.request(args) })

describe("EVM demo wallet: batched calls and asset discovery", () => {
  let evm: EvmDevnets
  beforeAll(async () => {
    evm = await startEvmDevnets({ ports: [0, 0] })
  }, 120_000)
  afterAll(async () => {
    await evm?.stop()
  })

  const wallet = (answers: number, tokens?: ReadonlyArray<Hex>) => {
    const account = evm.deployment.accounts[2]
    if (account === undefined) throw new Error("no demo account")
    return createEvmProvider({
      privateKey: account.privateKey,
      chains: evm.chains,
      approve: answering(Array.from({ length: answers }, () => true)).approve,
      origin: "http://test",
      ...(tokens === undefined ? {} : { tokens })
    })
  }
  const tokenAddresses = () => chainOf(evm.deployment, 31337).tokens.map((token) => token.address)

  // A host's viem wallet client on the demo wallet, with the USDC token, a recipient and a node reader.
  const viemHost = async (recipient: number) => {
    const host = createWalletClient({ transport: custom(wallet(2)) })
    const [account] = await host.requestAddresses()
    if (account === undefined) throw new Error("no account")
    const usdc = chainOf(evm.deployment, 31337).tokens.find((token) => token.contract === "usdc")
    if (usdc === undefined) throw new Error("no usdc")
    const rpcUrl = evm.chains[0]?.rpcUrl ?? ""
    const chain = { id: 31337, name: "Portico Local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
    const reader = createPublicClient({ transport: http(rpcUrl) })
    return { host, account, usdc, to: evm.deployment.accounts[recipient]?.address as Hex, reader, chain }
  }

  it("a host's viem sendCalls lands every call and waitForCallsStatus reports success", async () => {
    const { host, account, usdc, to, reader, chain } = await viemHost(4)
    const before = await reader.readContract({ address: usdc.address, abi: erc20Abi, functionName: "balanceOf", args: [to] })
    const { id } = await host.sendCalls({
      account,
      chain,
      calls: [
        { to, value: 1n },
        { to: usdc.address, abi: erc20Abi, functionName: "transfer", args: [to, 2_000_000n] }
      ]
    })
    const status = await host.waitForCallsStatus({ id })
    expect(status.status).toBe("success")
    expect(status.receipts?.map((receipt) => receipt.status)).toEqual(["success"])
    expect(status.atomic).toBe(true)
    expect(await reader.readContract({ address: usdc.address, abi: erc20Abi, functionName: "balanceOf", args: [to] })).toBe(before + 2_000_000n)
    const capabilities = await host.getCapabilities({ account, chainId: 31337 })
    expect(capabilities.atomic).toEqual({ status: "supported" })
    // Between bundles the account is a plain account again (the EIP-7702 delegation is cleared).
    expect(await reader.getCode({ address: account })).toBeUndefined()
  })

  it("a bundle runs atomically: when one call fails, none of them happens", async () => {
    const { host, account, usdc, to, reader, chain } = await viemHost(6)
    const before = await reader.getBalance({ address: to })
    const nonce = await reader.getTransactionCount({ address: account })
    await expect(host.sendCalls({
      account,
      chain,
      calls: [
        { to, value: 5n },
        // More than the account holds: this call reverts, so the value transfer above must not happen either.
        { to: usdc.address, abi: erc20Abi, functionName: "transfer", args: [to, 10n ** 30n] }
      ]
    })).rejects.toThrow(/revert/i)
    expect(await reader.getBalance({ address: to })).toBe(before)
    // Only the executor's deployment may have been sent; no call of the bundle.
    expect(await reader.getTransactionCount({ address: account })).toBeLessThanOrEqual(nonce + 1)
  })

  it("wallet_sendCalls through a connector: the bundle's status and the wallet's capabilities", async () => {
    const client = connectorOf(wallet(2, tokenAddresses()))
    const { accounts } = await Effect.runPromise(client.connect({}))
    const from = accounts[0] ?? ""
    const to = evm.deployment.accounts[5]?.address ?? ""
    const calls = [{ to, value: "0x1" }, { to, value: "0x2", data: "0x" }]
    const answer = await Effect.runPromise(client.request({
      method: "wallet_sendCalls",
      params: [{ version: "2.0.0", chainId: "0x7a69", from, atomicRequired: false, calls }]
    }))
    const id = typeof answer === "object" && answer !== null && "id" in answer ? String(answer.id) : String(answer)
    const status = (await Effect.runPromise(client.request({ method: "wallet_getCallsStatus", params: [id] }))) as {
      readonly status: number
      readonly atomic: boolean
      readonly receipts?: ReadonlyArray<{ readonly transactionHash: string }>
    }
    expect(status.status).toBe(200)
    expect(status.atomic).toBe(true)
    expect(status.receipts?.map((receipt) => RpcResult.classify(receipt.transactionHash))).toEqual(["transaction"])
    const capabilities = (await Effect.runPromise(client.request({ method: "wallet_getCapabilities", params: [from] }))) as Record<string, Record<string, unknown>>
    expect(capabilities["0x7a69"]?.["assetDiscovery"]).toEqual({ supported: true })
  })

  it("a capability the wallet does not know is refused with 5700 unless marked optional", async () => {
    const provider = wallet(2)
    const [from] = (await provider.request({ method: "eth_requestAccounts" })) as Array<Hex>
    const to = evm.deployment.accounts[4]?.address as Hex
    const bundle = (capabilities: Record<string, unknown>) => ({
      method: "wallet_sendCalls",
      params: [{ version: "2.0.0", chainId: "0x7a69", from, atomicRequired: false, calls: [{ to, value: "0x1" }], capabilities }]
    })
    expect((await rejection(provider.request(bundle({ paymasterService: { url: "https://x" } })))).code).toBe(5700)
    expect(await provider.request(bundle({ paymasterService: { url: "https://x", optional: true } }))).toHaveProperty("id")
  })

  it("wallet_getAssets answers the native coin and held tokens read from the chain", async () => {
    const provider = wallet(1, tokenAddresses())
    const [account] = (await provider.request({ method: "eth_requestAccounts" })) as Array<Hex>
    const answer = (await provider.request({ method: "wallet_getAssets", params: [{ account, chainFilter: ["0x7a69"] }] })) as Record<string, ReadonlyArray<{ address: string; type: string; balance: string; metadata: { symbol: string; decimals: number } }>>
    const assets = answer["0x7a69"] ?? []
    expect(Object.keys(answer)).toEqual(["0x7a69"])
    expect(assets[0]?.type).toBe("native")
    const reader = createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })
    for (const token of chainOf(evm.deployment, 31337).tokens) {
      const held = await reader.readContract({ address: token.address, abi: erc20Abi, functionName: "balanceOf", args: [account as Hex] })
      const listed = assets.find((asset) => asset.address.toLowerCase() === token.address.toLowerCase())
      expect(listed === undefined ? 0n : BigInt(listed.balance)).toBe(held)
      if (listed !== undefined) expect(listed.metadata).toMatchObject({ symbol: token.symbol, decimals: token.decimals })
    }
    const onlyErc20 = (await provider.request({ method: "wallet_getAssets", params: [{ account, assetTypeFilter: ["erc20"] }] })) as Record<string, ReadonlyArray<{ type: string }>>
    expect(Object.values(onlyErc20).flat().every((asset) => asset.type === "erc20")).toBe(true)
  })

  const unusedService: BalanceSource.BalanceService<string> = {
    iconFor: (symbol) => `http://api.test/public/getTokenImage/${symbol}`,
    fetch: () => Effect.fail("the balance service must not be asked")
  }
  const serviceAnswer: BalanceSource.BalanceService<never> = {
    iconFor: (symbol) => `http://api.test/public/getTokenImage/${symbol}`,
    fetch: (_address, network) => Effect.succeed([{ name: "From service", symbol: "SVC", chainId: network, iconUrl: "", quantity: { decimals: "18", numeric: "1" } }])
  }

  it("balances come from wallet_getAssets when the wallet reports asset discovery", async () => {
    const client = connectorOf(wallet(1, tokenAddresses()))
    const { accounts } = await Effect.runPromise(client.connect({}))
    const balances = await Effect.runPromise(BalanceSource.fetch(client, unusedService, accounts[0] ?? "", "eip155:31337"))
    expect(balances[0]?.symbol).toBe("ETH")
    expect(balances[0]?.iconUrl).toBe("http://api.test/public/getTokenImage/ETH")
    expect(balances.every((balance) => balance.chainId === "eip155:31337")).toBe(true)
  })

  it("balances come from the balance service when the wallet does not discover assets", async () => {
    const client = connectorOf(wallet(1))
    const { accounts } = await Effect.runPromise(client.connect({}))
    const balances = await Effect.runPromise(BalanceSource.fetch(client, serviceAnswer, accounts[0] ?? "", "eip155:31337"))
    expect(balances.map((balance) => balance.symbol)).toEqual(["SVC"])
  })
})
