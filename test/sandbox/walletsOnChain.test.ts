/**
 * The demo wallets against the real sandbox devnets: approved transactions and call bundles land on the EVM
 * chain, rejected ones never reach it, and the Solana wallet's signAndSendTransaction moves lamports.
 */
import { address, createSolanaRpc, getBase58Decoder } from "@solana/kit"
import { createPublicClient, http, numberToHex, parseEther, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../sandbox/solana/SolanaDevnet.ts"
import { createEvmProvider, type EvmProvider } from "../../sandbox/wallets/EvmWallet.ts"
import { solanaIcon } from "../../sandbox/wallets/Icons.ts"
import { createSolanaWallet } from "../../sandbox/wallets/SolanaWallet.ts"
import { unsignedSolTransfer } from "../../sandbox/wallets/SolTransfer.ts"
import { answering, rejection } from "../support/demoWallet.ts"

describe("demo wallets on the sandbox devnets", () => {
  let evm: EvmDevnets
  let solana: SolanaDevnet

  beforeAll(async () => {
    ;[evm, solana] = await Promise.all([startEvmDevnets({ ports: [0, 0] }), startSolanaDevnet({ port: 0 })])
  })
  afterAll(async () => {
    await Promise.allSettled([evm?.stop(), solana?.stop()])
  })

  const evmWallet = (answers: ReadonlyArray<boolean>): EvmProvider => {
    const [sender] = evm.deployment.accounts
    if (sender === undefined) throw new Error("no demo account")
    return createEvmProvider({ privateKey: sender.privateKey, chains: evm.chains, approve: answering(answers).approve, origin: "http://test" })
  }
  const reader = () => createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })

  it("eth_sendTransaction sends the approved transfer and sends nothing on Reject", async () => {
    const wallet = evmWallet([true, false, true])
    const [from] = (await wallet.request({ method: "eth_requestAccounts" })) as Array<Hex>
    const to = evm.deployment.accounts[5]?.address as Hex
    const before = await reader().getBalance({ address: to })
    const nonce = await reader().getTransactionCount({ address: from as Hex })

    const tx = { from, to, value: numberToHex(parseEther("0.25")) }
    expect((await rejection(wallet.request({ method: "eth_sendTransaction", params: [tx] }))).code).toBe(4001)
    expect(await reader().getTransactionCount({ address: from as Hex })).toBe(nonce)

    const hash = (await wallet.request({ method: "eth_sendTransaction", params: [tx] })) as Hex
    const receipt = await reader().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe("success")
    expect(receipt.from.toLowerCase()).toBe(from?.toLowerCase())
    expect(await reader().getBalance({ address: to })).toBe(before + parseEther("0.25"))
    // Reads go to the node as they are.
    expect(await wallet.request({ method: "eth_getBalance", params: [to, "latest"] })).toBe(numberToHex(before + parseEther("0.25")))
  })

  it("wallet_sendCalls sends every call in one transaction and wallet_getCallsStatus reports it confirmed", async () => {
    const wallet = evmWallet([true, true])
    const [from] = (await wallet.request({ method: "eth_requestAccounts" })) as Array<Hex>
    const to = evm.deployment.accounts[6]?.address as Hex
    const before = await reader().getBalance({ address: to })
    const { id } = (await wallet.request({
      method: "wallet_sendCalls",
      params: [{ version: "2.0.0", chainId: "0x7a69", from, atomicRequired: false, calls: [{ to, value: "0x1" }, { to, value: "0x2" }] }]
    })) as { id: string }
    const status = (await wallet.request({ method: "wallet_getCallsStatus", params: [id] })) as {
      status: number
      atomic: boolean
      receipts: ReadonlyArray<{ status: string }>
    }
    // Atomic: both calls ran inside one transaction.
    expect(status.status).toBe(200)
    expect(status.atomic).toBe(true)
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(["0x1"])
    expect(await reader().getBalance({ address: to })).toBe(before + 3n)
  })

  it("solana:signAndSendTransaction lands the approved transfer", async () => {
    const [owner, recipient] = solana.deployment.accounts
    if (owner === undefined || recipient === undefined) throw new Error("no demo accounts")
    const wallet = createSolanaWallet({
      secretKey: Uint8Array.from(owner.secretKey),
      address: owner.address,
      chain: solana.deployment.caipNetworkId,
      rpcUrl: solana.rpcUrl,
      icon: solanaIcon,
      approve: answering([true, true]).approve,
      origin: "http://test"
    })
    const [account] = (await wallet.features["standard:connect"].connect()).accounts
    if (account === undefined) throw new Error("no account")
    const rpc = createSolanaRpc(solana.rpcUrl)
    const { value: before } = await rpc.getBalance(address(recipient.address)).send()
    const transaction = await unsignedSolTransfer(rpc, { from: owner.address, to: recipient.address, lamports: 5_000n })
    const [output] = await wallet.features["solana:signAndSendTransaction"].signAndSendTransaction({
      account,
      chain: solana.deployment.caipNetworkId,
      transaction
    })
    if (output === undefined) throw new Error("no signature")
    expect(getBase58Decoder().decode(output.signature)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    await expect.poll(async () => (await rpc.getBalance(address(recipient.address)).send()).value, { timeout: 15_000 }).toBe(before + 5_000n)
  })
})
