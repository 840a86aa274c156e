/**
 * The EVM demo wallet's smart path (sandbox/wallets/SmartBatch.ts): where its network has a bundler,
 * `wallet_sendCalls` is one user operation of the account's EIP-7702 smart account (Simple7702Account),
 * sponsored through the app's ERC-7677 paymaster service — the sandbox's Alto and sponsorship service,
 * the wallet driven in Node exactly as a page drives it. A sponsor that refuses and a bundler that is
 * down end the request with an EIP-1193 error, and nothing lands on chain.
 */
import { createPublicClient, encodeFunctionData, erc20Abi, http, numberToHex, type Address, type Hex } from "viem"
import { describe, expect, it } from "vitest"
import { simple7702AccountAddress } from "../../sandbox/evm/AccountAbstraction.ts"
import { decliningPolicy, paymasterUrlOf } from "../../sandbox/bundler/PaymasterService.ts"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { chainOf } from "../../sandbox/evm/EvmDeployment.ts"
import { accountAbstractionWorld } from "../support/accountAbstractionWorld.ts"
import { createEvmProvider } from "../../sandbox/wallets/EvmWallet.ts"
import { answering, rejection } from "../support/demoWallet.ts"

const world = accountAbstractionWorld()

const chainId = 31337
const dead: Address = "0x000000000000000000000000000000000000dEaD"

const rpcUrl = () => world.current().devnets.chains.find((chain) => chain.chainId === chainId)?.rpcUrl ?? ""
const node = () => createPublicClient({ transport: http(rpcUrl()) })
const usdc = () => chainOf(world.current().devnets.deployment, chainId).contracts["usdc"] as Address

/** The demo wallet on the devnet, connected, with `bundlerUrl` as its network's bundler. */
const connectedWallet = async (index: number, bundlerUrl = world.current().services.bundlers.get(chainId)?.url ?? "") => {
  const { privateKey, address } = accountAt(index)
  const { approve } = answering([true, true])
  const wallet = createEvmProvider({ privateKey, chains: [{ chainId, name: "Portico Local", rpcUrl: rpcUrl(), bundlerUrl }], origin: "http://127.0.0.1:5173", approve })
  await wallet.request({ method: "eth_requestAccounts" })
  return { wallet, address: address as Address }
}

const approveAndTransfer = (address: Address, capabilities: unknown) => ({
  method: "wallet_sendCalls",
  params: [{
    version: "2.0.0",
    from: address,
    chainId: numberToHex(chainId),
    atomicRequired: true,
    capabilities,
    calls: [
      { to: usdc(), data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [dead, 5n] }) },
      { to: usdc(), data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [dead, 7n] }) }
    ]
  }]
})

const settled = async (wallet: Awaited<ReturnType<typeof connectedWallet>>["wallet"], id: string) => {
  for (let attempt = 0; attempt < 240; attempt++) {
    const status = (await wallet.request({ method: "wallet_getCallsStatus", params: [id] })) as { status: number; atomic: boolean; receipts?: ReadonlyArray<{ status: Hex }> }
    if (status.status !== 100) return status
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error("the bundle stayed pending")
}

describe("the EVM demo wallet's smart account", () => {
  it("reports atomic batches and ERC-7677 sponsorship where its network has a bundler", async () => {
    const { wallet, address } = await connectedWallet(1)
    expect(await wallet.request({ method: "wallet_getCapabilities", params: [address] })).toEqual({
      [numberToHex(chainId)]: { atomic: { status: "supported" }, paymasterService: { supported: true } }
    })
  })

  it("upgrades by EIP-7702 and sends approve + transfer as one user operation the app's sponsor pays", async () => {
    const { wallet, address } = await connectedWallet(1)
    const chain = node()
    const ether = await chain.getBalance({ address })
    const tokens = await chain.readContract({ address: usdc(), abi: erc20Abi, functionName: "balanceOf", args: [address] })
    const { id } = (await wallet.request(approveAndTransfer(address, { paymasterService: { url: paymasterUrlOf(world.current().services.paymaster) } }))) as { id: string }
    const status = await settled(wallet, id)
    expect(status).toMatchObject({ status: 200, atomic: true, receipts: [{ status: "0x1" }] })
    expect(await chain.getBalance({ address })).toBe(ether)
    expect(await chain.readContract({ address: usdc(), abi: erc20Abi, functionName: "balanceOf", args: [address] })).toBe(tokens - 7n)
    expect(await chain.readContract({ address: usdc(), abi: erc20Abi, functionName: "allowance", args: [address, dead] })).toBe(5n)
    expect(await chain.getCode({ address })).toBe(`0xef0100${simple7702AccountAddress.slice(2).toLowerCase()}`)
  }, 120_000)

  it("a sponsor that refuses ends the request with -32003 and nothing lands", async () => {
    const { wallet, address } = await connectedWallet(2)
    const chain = node()
    const nonce = await chain.getTransactionCount({ address })
    const refused = await rejection(wallet.request(approveAndTransfer(address, {
      paymasterService: { url: paymasterUrlOf(world.current().services.paymaster), context: { sponsorshipPolicyId: decliningPolicy } }
    })))
    expect(refused).toEqual({ code: -32003, message: "The app's paymaster refused to sponsor these calls." })
    expect(await chain.getTransactionCount({ address })).toBe(nonce)
    expect(await chain.getCode({ address })).toBeUndefined()
  }, 60_000)

  it("a bundler that is down ends the request with -32603 and nothing lands", async () => {
    const { wallet, address } = await connectedWallet(3, "http://127.0.0.1:9/")
    const chain = node()
    const nonce = await chain.getTransactionCount({ address })
    expect(await rejection(wallet.request(approveAndTransfer(address, {})))).toEqual({ code: -32603, message: "The wallet's bundler did not take these calls." })
    expect(await chain.getTransactionCount({ address })).toBe(nonce)
    expect(await chain.getCode({ address })).toBeUndefined()
  }, 60_000)
})
