/**
 * Portico's periodic spend-permission contract on the devnets, driven over JSON-RPC as a site would:
 * the account registers and approves, the spender moves what the period allows and no more, never
 * outside the window, never for another spender, and never again once the account revokes, itself or
 * through a relayer carrying its EIP-712 revocation.
 */
import { BaseError, ContractFunctionRevertedError, erc20Abi, hashTypedData, type Address, type Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { decodePermissionContext, encodePermissionContext, revocationTypedData, spendPermissionsAbi, spendPermissionsAddress } from "../../core/permissions/SpendPermissions.ts"
import { compileContracts } from "../../sandbox/evm/Compile.ts"
import { spendPermissionParties } from "../support/spendPermissionParties.ts"
import { chainOf } from "../../sandbox/evm/EvmDeployment.ts"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"

let devnets: EvmDevnets

beforeAll(async () => {
  devnets = await startEvmDevnets()
}, 240_000)

afterAll(async () => {
  await devnets?.stop()
})

const day = 86_400n
const usdc = (units: number) => BigInt(units) * 1_000_000n
const dead: Address = "0x000000000000000000000000000000000000dEaD"

const setUp = async (chainId: number) => {
  const devnet = devnets.chains.find((chain) => chain.chainId === chainId)
  if (devnet === undefined) throw new Error(`no devnet ${chainId}`)
  return spendPermissionParties(devnet.rpcUrl, devnets.deployment, chainId, usdc(1_000))
}

type SetUp = Awaited<ReturnType<typeof setUp>>

const now = async ({ client }: SetUp) => (await client.getBlock()).timestamp

/** Registers as the account (its key, or its address where the devnet sends as it). */
const grant = async (setup: SetUp, id: Hex, periodAmount: bigint, start: bigint, end: bigint, as: SetUp["account"] | Address = setup.account) => {
  const { client, token, spender } = setup
  const account = as
  await client.writeContract({ account, address: token, abi: erc20Abi, functionName: "approve", args: [spendPermissionsAddress, usdc(1_000)], chain: null })
  await client.writeContract({
    account,
    address: spendPermissionsAddress,
    abi: spendPermissionsAbi,
    functionName: "register",
    args: [id, spender.address, token, periodAmount, day, start, end],
    chain: null
  })
}

/** The contract's error name when `spend` reverts, or "ok" once it is mined. */
const spend = async ({ client, account, spender }: SetUp, id: Hex, amount: bigint, as = spender): Promise<string> => {
  try {
    await client.simulateContract({ account: as, address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "spend", args: [account.address, id, dead, amount] })
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : undefined
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? "reverted"
    throw error
  }
  const hash = await client.writeContract({ account: as, address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "spend", args: [account.address, id, dead, amount], chain: null })
  expect((await client.getTransactionReceipt({ hash })).status).toBe("success")
  return "ok"
}

const remaining = ({ client, account }: SetUp, id: Hex) =>
  client.readContract({ address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "remaining", args: [account.address, id] })

/** The contract's error name when the relayer's `revokeWithSignature` reverts, or "ok" once it is mined. */
const relay = async ({ client, account }: SetUp, id: Hex, deadline: bigint, signature: Hex): Promise<string> => {
  const relayer = privateKeyToAccount(generatePrivateKey())
  await client.setBalance({ address: relayer.address, value: 10n ** 18n })
  const call = { account: relayer, address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "revokeWithSignature", args: [account.address, id, deadline, signature] } as const
  try {
    await client.simulateContract(call)
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : undefined
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? "reverted"
    throw error
  }
  expect((await client.getTransactionReceipt({ hash: await client.writeContract({ ...call, chain: null }) })).status).toBe("success")
  return "ok"
}

const granted = async (id: Hex) => {
  const setup = await setUp(devnets.chains[0]!.chainId)
  const start = await now(setup)
  await grant(setup, id, usdc(10), start, start + day)
  return { setup, deadline: start + 600n }
}

describe("SpendPermissions", () => {
  it("is at the same deterministic address on both devnets", async () => {
    for (const chain of devnets.chains) {
      expect(chainOf(devnets.deployment, chain.chainId).contracts["spendPermissions"]).toBe(spendPermissionsAddress)
      const { client } = await setUp(chain.chainId)
      expect(await client.getCode({ address: spendPermissionsAddress })).toMatch(/^0x[0-9a-f]{100,}$/)
    }
  })

  it("lets the spender move up to the period's amount, resets each period, and refuses outside the window", async () => {
    const setup = await setUp(devnets.chains[0]!.chainId)
    const id: Hex = `0x${"11".repeat(32)}`
    const start = await now(setup)
    await grant(setup, id, usdc(10), start, start + 3n * day)
    expect(await spend(setup, id, usdc(6))).toBe("ok")
    expect(await remaining(setup, id)).toBe(usdc(4))
    expect(await spend(setup, id, usdc(5))).toBe("OverPeriodAllowance")
    expect(await spend(setup, id, usdc(4))).toBe("ok")
    expect(await spend(setup, id, 1n)).toBe("OverPeriodAllowance")
    expect(await setup.client.readContract({ address: setup.token, abi: erc20Abi, functionName: "balanceOf", args: [setup.account.address] })).toBe(usdc(990))

    await setup.client.increaseTime({ seconds: Number(day) })
    await setup.client.mine({ blocks: 1 })
    expect(await remaining(setup, id)).toBe(usdc(10))
    expect(await spend(setup, id, usdc(10))).toBe("ok")
    expect(await spend(setup, id, 1n)).toBe("OverPeriodAllowance")

    await setup.client.increaseTime({ seconds: Number(2n * day) })
    await setup.client.mine({ blocks: 1 })
    expect(await spend(setup, id, 1n)).toBe("OutsideWindow")
  })

  it("refuses anyone but the spender, an unknown id, a reused id, and every spend after the account revokes", async () => {
    const setup = await setUp(devnets.chains[1]!.chainId)
    const id: Hex = `0x${"22".repeat(32)}`
    const start = await now(setup)
    await grant(setup, id, usdc(10), start, start + day)
    expect(await spend(setup, id, 1n, privateKeyToAccount(generatePrivateKey()))).toBe("NotSpender")
    expect(await spend(setup, `0x${"33".repeat(32)}`, 1n)).toBe("UnknownPermission")
    await expect(grant(setup, id, usdc(10), start, start + day)).rejects.toThrow(/PermissionExists/)
    expect(await spend(setup, id, 1n)).toBe("ok")

    await setup.client.writeContract({ account: setup.account, address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "revoke", args: [id], chain: null })
    expect(await spend(setup, id, 1n)).toBe("PermissionIsRevoked")
    expect(await remaining(setup, id)).toBe(0n)
  })

  it("refuses a permission that can never be spent", async () => {
    const setup = await setUp(devnets.chains[0]!.chainId)
    const start = await now(setup)
    await expect(grant(setup, `0x${"44".repeat(32)}`, 0n, start, start + day)).rejects.toThrow(/InvalidPermission/)
    await expect(grant(setup, `0x${"45".repeat(32)}`, 1n, start, start)).rejects.toThrow(/InvalidPermission/)
  })

  describe("revokeWithSignature", () => {
    it("revokes on the account's signature sent by anyone, once, and the spender can spend no more", async () => {
      const id: Hex = `0x${"51".repeat(32)}`
      const { setup, deadline } = await granted(id)
      const typed = revocationTypedData(devnets.chains[0]!.chainId, setup.account.address, id, deadline)
      expect(await setup.client.readContract({ address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "revocationDigest", args: [setup.account.address, id, deadline] }))
        .toBe(hashTypedData(typed))
      const signature = await setup.account.signTypedData(typed)
      expect(await relay(setup, id, deadline, signature)).toBe("ok")
      expect(await spend(setup, id, 1n)).toBe("PermissionIsRevoked")
      expect(await relay(setup, id, deadline, signature)).toBe("PermissionIsRevoked")
    })

    it("refuses an expired signature, another key's, one for another permission or chain, and a malleable twin", async () => {
      const id: Hex = `0x${"52".repeat(32)}`
      const { setup, deadline } = await granted(id)
      const chainId = devnets.chains[0]!.chainId
      const past = (await now(setup)) - 1n
      expect(await relay(setup, id, past, await setup.account.signTypedData(revocationTypedData(chainId, setup.account.address, id, past)))).toBe("SignatureExpired")
      const stranger = privateKeyToAccount(generatePrivateKey())
      expect(await relay(setup, id, deadline, await stranger.signTypedData(revocationTypedData(chainId, setup.account.address, id, deadline)))).toBe("InvalidSignature")
      const other: Hex = `0x${"53".repeat(32)}`
      expect(await relay(setup, id, deadline, await setup.account.signTypedData(revocationTypedData(chainId, setup.account.address, other, deadline)))).toBe("InvalidSignature")
      expect(await relay(setup, id, deadline, await setup.account.signTypedData(revocationTypedData(devnets.chains[1]!.chainId, setup.account.address, id, deadline)))).toBe("InvalidSignature")
      const signature = await setup.account.signTypedData(revocationTypedData(chainId, setup.account.address, id, deadline))
      const order = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141n
      const s = BigInt(`0x${signature.slice(66, 130)}`)
      const v = signature.slice(130) === "1b" ? "1c" : "1b"
      const twin: Hex = `${signature.slice(0, 66)}${(order - s).toString(16).padStart(64, "0")}${v}` as Hex
      expect(await relay(setup, id, deadline, twin)).toBe("InvalidSignature")
      expect(await spend(setup, id, 1n)).toBe("ok")
    })

    it("takes a contract account's ERC-1271 answer, and refuses when its owner did not sign", async () => {
      const chainId = devnets.chains[0]!.chainId
      const setup = await setUp(chainId)
      const { SmartAccount } = await compileContracts()
      const owner = privateKeyToAccount(generatePrivateKey())
      const created = await setup.client.getTransactionReceipt({
        hash: await setup.client.deployContract({ account: setup.spender, abi: SmartAccount.abi, bytecode: SmartAccount.bytecode, args: [owner.address], chain: null })
      })
      const address = created.contractAddress as Address
      // The contract account itself registers: the devnet lets the test send as it.
      await setup.client.impersonateAccount({ address })
      await setup.client.setBalance({ address, value: 10n ** 18n })
      const contractSetup = { ...setup, account: { ...setup.account, address } }
      const id: Hex = `0x${"54".repeat(32)}`
      const start = await now(setup)
      await grant(contractSetup, id, usdc(10), start, start + day, address)
      await setup.client.stopImpersonatingAccount({ address })
      const deadline = start + 600n
      const typed = revocationTypedData(chainId, address, id, deadline)
      expect(await relay(contractSetup, id, deadline, await privateKeyToAccount(generatePrivateKey()).signTypedData(typed))).toBe("InvalidSignature")
      expect(await relay(contractSetup, id, deadline, await owner.signTypedData(typed))).toBe("ok")
      expect(await spend(contractSetup, id, 1n)).toBe("PermissionIsRevoked")
    })
  })

  it("names the account and the id in the context a site redeems with", () => {
    const account: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    const id: Hex = `0x${"ab".repeat(32)}`
    expect(decodePermissionContext(encodePermissionContext(account, id))).toEqual({ account, id })
    expect(() => decodePermissionContext("0x1234")).toThrow()
  })
})
