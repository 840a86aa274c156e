/**
 * ERC-4337 and EIP-7702 as a real site meets them, on the devnets: EntryPoint v0.8 and Simple7702Account
 * at their canonical addresses, Alto bundling user operations, and the ERC-7677 sponsorship service paying
 * for them through the sandbox's verifying paymaster. Driven with viem's own account-abstraction clients,
 * written for real chains, so nothing here knows it is a sandbox.
 */
import { createPublicClient, defineChain, erc20Abi, http, parseAbi, type Address } from "viem"
import { createBundlerClient, createPaymasterClient, entryPoint08Address, toSimple7702SmartAccount } from "viem/account-abstraction"
import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { simple7702AccountAddress } from "../../sandbox/evm/AccountAbstraction.ts"
import { decliningPolicy, sandboxPaymasterApiKey } from "../../sandbox/bundler/PaymasterService.ts"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { chainOf } from "../../sandbox/evm/EvmDeployment.ts"
import { accountAbstractionWorld } from "../support/accountAbstractionWorld.ts"

const world = accountAbstractionWorld()

const chainId = 31337
const dead: Address = "0x000000000000000000000000000000000000dEaD"

const clients = () => {
  const devnet = world.current().devnets.chains.find((chain) => chain.chainId === chainId)
  const bundler = world.current().services.bundlers.get(chainId)
  if (devnet === undefined || bundler === undefined) throw new Error(`no devnet or bundler for ${chainId}`)
  const chain = defineChain({ id: chainId, name: devnet.name, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [devnet.rpcUrl] } } })
  const client = createPublicClient({ chain, transport: http(devnet.rpcUrl), pollingInterval: 100 })
  return { chain, client, bundler: createBundlerClient({ client, transport: http(bundler.url), pollingInterval: 100 }) }
}

const paymasterClient = (apiKey = sandboxPaymasterApiKey) => createPaymasterClient({ transport: http(`${world.current().services.paymaster.url}?apikey=${apiKey}`) })

/** A demo account as an EIP-7702 smart account, with the authorization its first operation carries. */
const smartAccountOf = async (index: number) => {
  const { client } = clients()
  const owner = privateKeyToAccount(accountAt(index).privateKey)
  const account = await toSimple7702SmartAccount({ client, owner })
  const delegated = (await client.getCode({ address: owner.address })) !== undefined
  const authorization = delegated
    ? undefined
    : await owner.signAuthorization({ chainId, nonce: await client.getTransactionCount({ address: owner.address }), contractAddress: simple7702AccountAddress })
  return { owner, account, authorization }
}

describe("the devnets' account abstraction", () => {
  it("has EntryPoint v0.8, Simple7702Account and a funded paymaster on both chains", async () => {
    for (const chain of world.current().devnets.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      const contracts = chainOf(world.current().devnets.deployment, chain.chainId).contracts
      expect(contracts["entryPoint"]).toBe(entryPoint08Address)
      expect(contracts["simple7702Account"]).toBe(simple7702AccountAddress)
      // EntryPoint v0.8 names itself in its EIP-712 domain, bound to its own address.
      const [, name, version, , verifyingContract] = await client.readContract({
        address: entryPoint08Address,
        abi: parseAbi(["function eip712Domain() view returns (bytes1, string, string, uint256, address, bytes32, uint256[])"]),
        functionName: "eip712Domain"
      })
      expect({ name, version, verifyingContract }).toEqual({ name: "ERC4337", version: "1", verifyingContract: entryPoint08Address })
      const paymaster = contracts["sponsorPaymaster"] as Address
      const deposit = await client.readContract({ address: paymaster, abi: parseAbi(["function getDeposit() view returns (uint256)"]), functionName: "getDeposit" })
      expect(deposit > 0n).toBe(true)
      expect(world.current().services.bundlers.get(chain.chainId)?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    }
  })

  it("upgrades an account by EIP-7702 and runs an atomic batch as one user operation, paid by the account", async () => {
    const { client, bundler } = clients()
    const { owner, account, authorization } = await smartAccountOf(5)
    const before = await client.getBalance({ address: dead })
    const hash = await bundler.sendUserOperation({ account, ...(authorization === undefined ? {} : { authorization }), calls: [{ to: dead, value: 1n }, { to: dead, value: 2n }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    expect(receipt.success).toBe(true)
    expect(await client.getBalance({ address: dead })).toBe(before + 3n)
    // The account's code is the EIP-7702 delegation designator to Simple7702Account.
    expect(await client.getCode({ address: owner.address })).toBe(`0xef0100${simple7702AccountAddress.slice(2).toLowerCase()}`)
  }, 120_000)

  it("lets the host's paymaster pay: the account's ether is untouched, the batch (approve + transfer) lands", async () => {
    const { client, bundler } = clients()
    const { owner, account, authorization } = await smartAccountOf(6)
    const usdc = chainOf(world.current().devnets.deployment, chainId).contracts["usdc"] as Address
    const ether = await client.getBalance({ address: owner.address })
    const tokens = await client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [owner.address] })
    expect(tokens > 10n).toBe(true)
    const hash = await bundler.sendUserOperation({
      account,
      ...(authorization === undefined ? {} : { authorization }),
      paymaster: paymasterClient(),
      calls: [
        { to: usdc, abi: erc20Abi, functionName: "approve", args: [dead, 5n] },
        { to: usdc, abi: erc20Abi, functionName: "transfer", args: [dead, 7n] }
      ]
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe(chainOf(world.current().devnets.deployment, chainId).contracts["sponsorPaymaster"])
    expect(await client.getBalance({ address: owner.address })).toBe(ether)
    expect(await client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [owner.address] })).toBe(tokens - 7n)
    expect(await client.readContract({ address: usdc, abi: erc20Abi, functionName: "allowance", args: [owner.address, dead] })).toBe(5n)
  }, 120_000)

  it("refuses to sponsor without the service's key, under a declining or unknown policy, on a chain it does not serve", async () => {
    const { bundler } = clients()
    const { account, authorization } = await smartAccountOf(7)
    const attempt = (paymaster: ReturnType<typeof paymasterClient>, context?: { readonly sponsorshipPolicyId: string }) =>
      bundler.prepareUserOperation({
        account,
        ...(authorization === undefined ? {} : { authorization }),
        paymaster,
        ...(context === undefined ? {} : { paymasterContext: context }),
        calls: [{ to: dead, value: 1n }]
      })
    await expect(attempt(paymasterClient("wrong"))).rejects.toThrow(/Invalid API key/)
    await expect(attempt(paymasterClient(), { sponsorshipPolicyId: decliningPolicy })).rejects.toThrow(/not sponsored/)
    await expect(attempt(paymasterClient(), { sponsorshipPolicyId: "sp_unknown" })).rejects.toThrow(/sp_unknown not found/)
    const other = await paymasterClient().getPaymasterStubData({
      chainId: 1,
      entryPointAddress: entryPoint08Address,
      sender: account.address,
      nonce: 0n,
      callData: "0x",
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n
    }).then(() => "sponsored", (error: unknown) => String(error))
    expect(other).toMatch(/Chain 1 is not supported/)
  }, 120_000)

  it("fails validation for a paymaster signature over other fields: the operation never lands", async () => {
    const { bundler } = clients()
    const { account, authorization } = await smartAccountOf(8)
    const prepared = await bundler.prepareUserOperation({
      account,
      ...(authorization === undefined ? {} : { authorization }),
      paymaster: paymasterClient(),
      calls: [{ to: dead, value: 1n }]
    })
    // The visitor (or a page) changes the calls after the paymaster signed: the signature no longer covers them.
    const tampered = { ...prepared, callData: await account.encodeCalls([{ to: dead, value: 1_000_000n }]) }
    const signature = await account.signUserOperation(tampered)
    await expect(bundler.sendUserOperation({ ...tampered, signature, ...(authorization === undefined ? {} : { authorization }) })).rejects.toThrow(/AA34|signature/i)
  }, 120_000)
})
