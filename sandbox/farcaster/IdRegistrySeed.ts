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

/** Who registers fids in the stand-in (Farcaster's ID gateway, in the real one). */
const registrar: Address = "0x00000000000000000000000000000000000fa2c0"

export const placeIdRegistry = async (rpcUrl: string): Promise<Address> => {
  const compiled = await compileContracts()
  const { abi, bytecode } = compiled.IdRegistry
  const client = createTestClient({ mode: "hardhat", transport: http(rpcUrl, { retryCount: 0 }) }).extend(publicActions).extend(walletActions)
  const address = Siwf.idRegistryAddress
  const { data } = await client.call({ account: deployerAccount.address, data: encodeDeployData({ abi, bytecode, args: [registrar] }) })
  if (data === undefined) throw new Error("IdRegistry has no runtime code")
  await client.setCode({ address, bytecode: data })
  // The registrar is an address of its own, so its one transaction never races the deployer's (the devnets'
  // seeding and the onramp's funding send from the deployer at the same time).
  await client.impersonateAccount({ address: registrar })
  await client.setBalance({ address: registrar, value: 10n ** 18n })
  const hash = await client.writeContract({
    account: registrar,
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
