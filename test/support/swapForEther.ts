/**
 * A swap paid out in Ether on a sandbox devnet: `account` approves Uniswap v2's router for USDC and swaps
 * `usdc` of it for Ether (swapExactTokensForETH), the router unwrapping WETH and sending the Ether in an
 * inner call (what explorers list as an internal transfer). Resolves with the swap's hash once it is mined.
 */
import { createPublicClient, createWalletClient, encodeFunctionData, http, maxUint256, parseUnits, type Address, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { uniswapV2RouterAbi } from "../../http/server/convert/UniswapAbi.ts"
import { tokenAbi } from "../../sandbox/evm/Abi.ts"
import { contractOf } from "../../sandbox/evm/SandboxContracts.ts"

export const swapUsdcForEther = async (
  rpcUrl: string,
  account: { readonly privateKey: Hex },
  contracts: Readonly<Record<string, Address>>,
  usdc: string
): Promise<Hex> => {
  const signer = privateKeyToAccount(account.privateKey)
  const wallet = createWalletClient({ account: signer, transport: http(rpcUrl) })
  const reads = createPublicClient({ transport: http(rpcUrl) })
  const [token, weth, router] = [contractOf(contracts, "usdc"), contractOf(contracts, "weth"), contractOf(contracts, "uniswapV2Router02")]
  await reads.waitForTransactionReceipt({
    hash: await wallet.sendTransaction({ chain: null, to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [router, maxUint256] }) })
  })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: router,
    data: encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: "swapExactTokensForETH",
      args: [parseUnits(usdc, 6), 1n, [token, weth], signer.address, maxUint256]
    })
  })
  await reads.waitForTransactionReceipt({ hash })
  return hash
}
