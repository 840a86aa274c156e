/**
 * A swap paid out in Ether on a sandbox devnet: `account` approves the router for USDC and swaps
 * `usdc` of it for Ether through the router, which sends the Ether in an inner call (what explorers
 * list as an internal transfer). Resolves with the swap's hash once it is mined.
 */
import { createPublicClient, createWalletClient, encodeFunctionData, http, maxUint256, parseUnits, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { routerNative, swapRouterAbi } from "../../http/server/convert/SwapRouterAbi.ts"
import { tokenAbi } from "../../sandbox/evm/Abi.ts"
import type { EvmContracts } from "../../sandbox/evm/EvmDeployment.ts"

export const swapUsdcForEther = async (rpcUrl: string, account: { readonly privateKey: Hex }, contracts: EvmContracts, usdc: string): Promise<Hex> => {
  const signer = privateKeyToAccount(account.privateKey)
  const wallet = createWalletClient({ account: signer, transport: http(rpcUrl) })
  const reads = createPublicClient({ transport: http(rpcUrl) })
  const { usdc6, router } = contracts
  await reads.waitForTransactionReceipt({
    hash: await wallet.sendTransaction({ chain: null, to: usdc6, data: encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [router, maxUint256] }) })
  })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: router,
    data: encodeFunctionData({ abi: swapRouterAbi, functionName: "swap", args: [usdc6, routerNative, parseUnits(usdc, 6), 1n, signer.address, maxUint256] })
  })
  await reads.waitForTransactionReceipt({ hash })
  return hash
}
