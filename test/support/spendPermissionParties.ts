/**
 * The two parties of a spend permission on a devnet, for tests: a fresh account holding `usdcUnits` of the
 * devnet's USDC (minted by the deployer) and a fresh spender, both with gas.
 */
import { createTestClient, http, publicActions, walletActions, type Address } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { deployerAccount } from "../../sandbox/evm/DemoAccounts.ts"
import { chainOf, type EvmDeployment } from "../../sandbox/evm/EvmDeployment.ts"

export const devnetClient = (rpcUrl: string) =>
  createTestClient({ mode: "hardhat", transport: http(rpcUrl) }).extend(publicActions).extend(walletActions)

export const spendPermissionParties = async (rpcUrl: string, deployment: EvmDeployment, chainId: number, usdcUnits: bigint) => {
  const client = devnetClient(rpcUrl)
  const token = chainOf(deployment, chainId).contracts["usdc"] as Address
  const account = privateKeyToAccount(generatePrivateKey())
  const spender = privateKeyToAccount(generatePrivateKey())
  for (const who of [account, spender]) await client.setBalance({ address: who.address, value: 10n ** 18n })
  await client.writeContract({
    account: deployerAccount.address,
    address: token,
    abi: [{ type: "function", name: "mint", stateMutability: "nonpayable", inputs: [{ type: "address" }, { type: "uint256" }], outputs: [] }],
    functionName: "mint",
    args: [account.address, usdcUnits],
    chain: null
  })
  return { client, token, account, spender }
}
