/**
 * Farcaster's IdRegistry, which lives on OP Mainnet, stood in on a sandbox devnet at its real address: the
 * sandbox has no chain 10, so the API server's Farcaster verifier is pointed at this devnet's RPC for the
 * registry (ServerOptions.embedded.farcaster.idRegistry) — the address, the ABI and the call are the real
 * ones. The code is the sandbox's own (evm/contracts/IdRegistry.sol); the demo custody key gets the demo fid.
 */
import { createTestClient, encodeDeployData, http, publicActions, walletActions, type Address } from "viem"
import * as Siwf from "../../core/farcaster/SiwfMessage.ts"
import { compileContracts } from "../evm/Compile.ts"
import { deployerAccount } from "../evm/DemoAccounts.ts"
import { custodyAccount, demoFarcasterAccount } from "./DemoClient.ts"

export const placeIdRegistry = async (rpcUrl: string): Promise<Address> => {
  const compiled = await compileContracts()
  const { abi, bytecode } = compiled.IdRegistry
  const client = createTestClient({ mode: "hardhat", transport: http(rpcUrl, { retryCount: 0 }) }).extend(publicActions).extend(walletActions)
  const address = Siwf.idRegistryAddress
  const { data } = await client.call({ account: deployerAccount.address, data: encodeDeployData({ abi, bytecode, args: [deployerAccount.address] }) })
  if (data === undefined) throw new Error("IdRegistry has no runtime code")
  await client.setCode({ address, bytecode: data })
  const hash = await client.writeContract({
    account: deployerAccount.address,
    chain: null,
    address,
    abi,
    functionName: "register",
    args: [custodyAccount.address, BigInt(demoFarcasterAccount.fid)]
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== "success") throw new Error("the demo fid could not be registered in the IdRegistry stand-in")
  return address
}
