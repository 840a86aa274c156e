/**
 * The EVM demo wallet's ERC-7715 execution permissions (sandbox/wallets/ExecutionPermissions.ts), the
 * external-wallet path of the methods Portico's embedded wallet answers: a daily USDC permission granted to a
 * site's session key after one prompt, spent within the day and refused beyond it on chain, listed while in
 * force, and refused again once the visitor withdrew it; requests the wallet must not show are refused with
 * -32602 before any prompt.
 */
import { createWalletClient, http, numberToHex, type Address, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { decodePermissionContext, spendPermissionsAbi, spendPermissionsAddress } from "../../core/permissions/SpendPermissions.ts"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { chainOf } from "../../sandbox/evm/EvmDeployment.ts"
import { createEvmProvider } from "../../sandbox/wallets/EvmWallet.ts"
import { accountAbstractionWorld } from "../support/accountAbstractionWorld.ts"
import { answering, rejection } from "../support/demoWallet.ts"

const world = accountAbstractionWorld()
const chainId = 31337
const day = 86_400

const rpcUrl = () => world.current().devnets.chains.find((chain) => chain.chainId === chainId)?.rpcUrl ?? ""
const usdc = () => chainOf(world.current().devnets.deployment, chainId).contracts["usdc"] as Address

const periodic = (spender: Address, overrides: { readonly type?: string; readonly expiry?: number; readonly periodAmount?: bigint } = {}) => ({
  chainId: numberToHex(chainId),
  to: spender,
  permission: {
    type: overrides.type ?? "erc20-token-periodic",
    isAdjustmentAllowed: false,
    data: { tokenAddress: usdc(), periodAmount: numberToHex(overrides.periodAmount ?? 10_000_000n), periodDuration: day, justification: "Pay for the site's daily plan" }
  },
  rules: [{ type: "expiry", data: { timestamp: overrides.expiry ?? Math.floor(Date.now() / 1000) + 7 * day } }]
})

describe("the EVM demo wallet's execution permissions", () => {
  it("grants a daily USDC permission after one prompt; the site spends within it, is refused beyond it, and after the visitor withdraws it", async () => {
    const owner = accountAt(5)
    const sessionKey = accountAt(6)
    const { approve, asked } = answering([true, true, true])
    const wallet = createEvmProvider({
      privateKey: owner.privateKey,
      chains: [{ chainId, name: "Portico Local", rpcUrl: rpcUrl(), bundlerUrl: world.current().services.bundlers.get(chainId)?.url ?? "" }],
      origin: "http://127.0.0.1:5173",
      approve
    })
    await wallet.request({ method: "eth_requestAccounts" })
    expect(await wallet.request({ method: "wallet_getSupportedExecutionPermissions" })).toEqual({ "erc20-token-periodic": { chainIds: [numberToHex(chainId)], ruleTypes: ["expiry"] } })

    const [granted] = (await wallet.request({ method: "wallet_requestExecutionPermissions", params: [[periodic(sessionKey.address as Address)]] })) as ReadonlyArray<{ readonly context: Hex; readonly delegationManager: Address }>
    expect(asked).toHaveLength(2)
    expect(granted?.delegationManager).toBe(spendPermissionsAddress)
    const { account, id } = decodePermissionContext(granted?.context ?? "0x")
    expect(account).toBe(owner.address)

    const site = createWalletClient({ account: privateKeyToAccount(sessionKey.privateKey), transport: http(rpcUrl()) })
    const spend = (amount: bigint) => site.writeContract({ address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "spend", args: [account, id, sessionKey.address as Address, amount], chain: null })
    await expect(spend(6_000_000n)).resolves.toMatch(/^0x/)
    await expect(spend(5_000_000n)).rejects.toThrow(/OverPeriodAllowance|reverted/)
    expect(await wallet.request({ method: "wallet_getGrantedExecutionPermissions" })).toHaveLength(1)

    await wallet.request({ method: "wallet_revokeExecutionPermission", params: [{ permissionContext: granted?.context }] })
    expect(asked).toHaveLength(3)
    await expect(spend(1_000_000n)).rejects.toThrow(/PermissionIsRevoked|reverted/)
    expect(await wallet.request({ method: "wallet_getGrantedExecutionPermissions" })).toEqual([])
  }, 180_000)

  it("refuses an unknown type, an expired request, one beyond 30 days and an unlimited amount with -32602, before any prompt", async () => {
    const { approve, asked } = answering([true])
    const spender = accountAt(6).address as Address
    const wallet = createEvmProvider({ privateKey: accountAt(7).privateKey, chains: [{ chainId, name: "Portico Local", rpcUrl: rpcUrl() }], origin: "http://127.0.0.1:5173", approve })
    await wallet.request({ method: "eth_requestAccounts" })
    const now = Math.floor(Date.now() / 1000)
    for (const request of [
      periodic(spender, { type: "native-token-stream" }),
      periodic(spender, { expiry: now - 60 }),
      periodic(spender, { expiry: now + 31 * day }),
      periodic(spender, { periodAmount: 2n ** 255n })
    ]) {
      expect((await rejection(wallet.request({ method: "wallet_requestExecutionPermissions", params: [[request]] }))).code).toBe(-32602)
    }
    expect(asked).toHaveLength(1)
  })
})
