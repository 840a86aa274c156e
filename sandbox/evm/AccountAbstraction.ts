/**
 * ERC-4337 and EIP-7702 on a devnet, at the addresses they have on every real chain: the deterministic
 * deployment proxy, then EntryPoint v0.8 and eth-infinitism's Simple7702Account deployed through it with
 * their official salts (CREATE2, so the addresses prove the bytes are the published ones), and the
 * sandbox's own verifying paymaster, funded in the EntryPoint, whose signer the sandbox's paymaster service
 * (sandbox/bundler/PaymasterService.ts) holds. Portico's own periodic spend-permission contract goes through
 * the same deployer, so the embedded wallet names one address for it on every chain.
 */
import { concat, createTestClient, custom, encodeDeployData, encodeFunctionData, getAddress, getContractAddress, parseAbi, parseEther, publicActions, walletActions, type Address, type Hex } from "viem"
import { entryPoint08Address } from "viem/account-abstraction"
import { privateKeyToAccount } from "viem/accounts"
import { spendPermissionsAddress } from "../../core/permissions/SpendPermissions.ts"
import type { CompiledContracts } from "./Compile.ts"
import type { RpcProvider } from "./RpcServer.ts"

/** The deterministic deployment proxy (github.com/Arachnid/deterministic-deployment-proxy), on every EVM chain. */
export const deterministicDeployerAddress: Address = "0x4e59b44847b379578588920ca78fbf26c0b4956c"
/** Its runtime code: CREATE2 of the calldata after a 32-byte salt, answering the new address. */
const deterministicDeployerCode: Hex =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3"

/** EntryPoint v0.8 and the salt eth-infinitism deployed it with. */
export const entryPointAddress: Address = entryPoint08Address
const entryPointSalt: Hex = "0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9"
/** Simple7702Account v0.8 (audited with the EntryPoint), the delegate an EOA names in its EIP-7702 authorization. */
export const simple7702AccountAddress: Address = "0xe6Cae83BdE06E4c305530e199D7217f42808555B"
const zeroSalt: Hex = "0x0000000000000000000000000000000000000000000000000000000000000000"
const simple7702AccountSalt = zeroSalt

/**
 * Accounts 12 to 15 of the mnemonic (Hardhat unlocks 0 to 19), none of them in the seeded history: the
 * bundler's executor and utility wallets, the paymaster's owner (who deploys and funds it) and its signer.
 * Keys derived from the public mnemonic; worthless off this machine.
 */
export const bundlerExecutorKey: Hex = "0xa267530f49f8280200edf313ee7af6b827f2a8bce2897751d06a843f644967b1"
export const bundlerUtilityKey: Hex = "0x47c99abed3324a2707c28affff1267e45918ec8c3f20b8aa892e8b065d2942dd"
export const paymasterOwner: Address = "0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097"
export const paymasterSignerKey: Hex = "0x8166f546bab6da521a8369cab06c5d2b9e46670292d85c875ee9ec20e84ffb61"
const paymasterSigner: Address = privateKeyToAccount(paymasterSignerKey).address

/** What the paymaster holds in the EntryPoint at start: enough for thousands of sponsored operations. */
export const paymasterDeposit = parseEther("100")

export interface AccountAbstractionContracts {
  readonly entryPoint: Address
  readonly simple7702Account: Address
  readonly sponsorPaymaster: Address
  readonly spendPermissions: Address
}

/**
 * Deploys the three on a chain through its in-process provider, after the seeded history (the deployer
 * of the sandbox's own contracts is not used, so their nonce-derived addresses stay as they were).
 */
export const deployAccountAbstraction = async (provider: RpcProvider, compiled: CompiledContracts): Promise<AccountAbstractionContracts> => {
  // After the seeding, through the same in-process provider, which signs for the unlocked accounts.
  const client = createTestClient({ mode: "hardhat", transport: custom(provider, { retryCount: 0 }) }).extend(publicActions).extend(walletActions)
  await client.setCode({ address: deterministicDeployerAddress, bytecode: deterministicDeployerCode })
  // The devnets mine each transaction as it arrives: its receipt is there at once.
  const mined = async (hash: Hex, what: string) => {
    const receipt = await client.getTransactionReceipt({ hash })
    if (receipt.status !== "success") throw new AccountAbstractionError(`${what} reverted in ${hash}`)
    return receipt
  }
  const deployDeterministic = async (name: "EntryPoint" | "Simple7702Account" | "SpendPermissions", salt: Hex, expected: Address) => {
    const { bytecode } = compiled[name]
    const address = getContractAddress({ opcode: "CREATE2", from: deterministicDeployerAddress, salt, bytecode })
    if (address !== getAddress(expected)) throw new AccountAbstractionError(`${name}'s published bytes would land at ${address}, not ${expected}`)
    await mined(await client.sendTransaction({ account: paymasterOwner, to: deterministicDeployerAddress, data: concat([salt, bytecode]), chain: null }), name)
  }
  await deployDeterministic("EntryPoint", entryPointSalt, entryPointAddress)
  await deployDeterministic("Simple7702Account", simple7702AccountSalt, simple7702AccountAddress)
  await deployDeterministic("SpendPermissions", zeroSalt, spendPermissionsAddress)

  const { abi, bytecode } = compiled.SponsorPaymaster
  const deployed = await mined(
    await client.sendTransaction({
      account: paymasterOwner,
      data: encodeDeployData({ abi, bytecode, args: [entryPointAddress, paymasterOwner, paymasterSigner] }),
      chain: null
    }),
    "SponsorPaymaster"
  )
  const sponsorPaymaster = deployed.contractAddress
  if (sponsorPaymaster === null || sponsorPaymaster === undefined) throw new AccountAbstractionError("SponsorPaymaster has no address")
  await mined(
    await client.sendTransaction({
      account: paymasterOwner,
      to: sponsorPaymaster,
      value: paymasterDeposit,
      data: encodeFunctionData({ abi: parseAbi(["function deposit() payable"]), functionName: "deposit" }),
      chain: null
    }),
    "the paymaster's deposit"
  )
  return { entryPoint: entryPointAddress, simple7702Account: simple7702AccountAddress, sponsorPaymaster: getAddress(sponsorPaymaster), spendPermissions: spendPermissionsAddress }
}

export class AccountAbstractionError extends Error {
  override readonly name = "AccountAbstractionError"
}
