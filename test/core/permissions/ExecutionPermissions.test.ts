/**
 * ERC-7715's rules as the wallet keeps them before anything is shown (core/permissions/ExecutionPermissions.ts):
 * only `erc20-token-periodic`, only with an expiry in the next 30 days, only for a bounded amount; and the
 * answer a site redeems with names the account, the permission and the contract that enforces it.
 */
import * as fc from "fast-check"
import { decodeFunctionData, erc20Abi, maxUint256, numberToHex, type Address, type Hex } from "viem"
import { describe, expect, it } from "vitest"
import * as Schema from "effect/Schema"
import {
  check,
  grantCalls,
  grantedResponse,
  lifetimeAmount,
  maxLifetimeSeconds,
  PermissionRequest,
  supported,
  type PeriodicGrant
} from "../../../core/permissions/ExecutionPermissions.ts"
import { decodePermissionContext, spendPermissionsAbi, spendPermissionsAddress } from "../../../core/permissions/SpendPermissions.ts"

const now = 1_800_000_000
const day = 86_400
const chainId = 31337
const account: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const sessionKey: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
const usdc: Address = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"

const request = (overrides: { type?: string; data?: unknown; rules?: ReadonlyArray<{ type: string; data: unknown }> | undefined; chainId?: Hex } = {}) =>
  Schema.decodeUnknownSync(PermissionRequest)({
    chainId: overrides.chainId ?? numberToHex(chainId),
    to: sessionKey,
    permission: {
      type: overrides.type ?? "erc20-token-periodic",
      isAdjustmentAllowed: false,
      data: overrides.data ?? { tokenAddress: usdc, periodAmount: numberToHex(10_000_000n), periodDuration: day, justification: "Daily top-up" }
    },
    ...("rules" in overrides ? (overrides.rules === undefined ? {} : { rules: overrides.rules }) : { rules: [{ type: "expiry", data: { timestamp: now + 7 * day } }] })
  })

const tagOf = (result: ReturnType<typeof check>) => ("_tag" in result ? result._tag : "granted")

describe("ERC-7715 requests", () => {
  it("grants a bounded daily USDC allowance, from now until the expiry", () => {
    const grant = check(request(), now, chainId) as PeriodicGrant
    expect(grant).toMatchObject({ spender: sessionKey, token: usdc, periodAmount: 10_000_000n, periodDuration: day, start: now, end: now + 7 * day })
    expect(lifetimeAmount(grant)).toBe(70_000_000n)
  })

  it("refuses every other permission type, and any rule it cannot enforce", () => {
    fc.assert(fc.property(fc.string({ maxLength: 100 }).filter((type) => type !== "erc20-token-periodic"), (type) => {
      expect(tagOf(check(request({ type }), now, chainId))).toBe("UnknownPermissionTypeError")
    }))
    const rules = [{ type: "expiry", data: { timestamp: now + day } }, { type: "gas-limit", data: {} }]
    expect(tagOf(check(request({ rules }), now, chainId))).toBe("UnknownPermissionTypeError")
  })

  it("refuses an expiry already past, and one without expiry or beyond 30 days as too broad", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: now }), (timestamp) => {
      const refused = check(request({ rules: [{ type: "expiry", data: { timestamp } }] }), now, chainId)
      expect(tagOf(refused)).toBe("PermissionExpiredError")
    }))
    fc.assert(fc.property(fc.integer({ min: now + maxLifetimeSeconds + 1, max: 2 ** 40 }), (timestamp) => {
      expect(check(request({ rules: [{ type: "expiry", data: { timestamp } }] }), now, chainId)).toMatchObject({ _tag: "PermissionTooBroadError", reason: "tooLong" })
    }))
    expect(check(request({ rules: undefined }), now, chainId)).toMatchObject({ _tag: "PermissionTooBroadError", reason: "noExpiry" })
    expect(check(request({ rules: [] }), now, chainId)).toMatchObject({ _tag: "PermissionTooBroadError", reason: "noExpiry" })
    expect(tagOf(check(request({ rules: [{ type: "expiry", data: { timestamp: now + maxLifetimeSeconds } }] }), now, chainId))).toBe("granted")
  })

  it("refuses an unlimited amount as too broad, and data that can never be spent as invalid", () => {
    fc.assert(fc.property(fc.bigInt({ min: maxUint256 / 2n, max: maxUint256 }), (amount) => {
      const data = { tokenAddress: usdc, periodAmount: numberToHex(amount), periodDuration: day }
      expect(check(request({ data }), now, chainId)).toMatchObject({ _tag: "PermissionTooBroadError", reason: "unlimited" })
    }))
    const invalid: ReadonlyArray<unknown> = [
      { tokenAddress: usdc, periodAmount: "0x0", periodDuration: day },
      { tokenAddress: usdc, periodAmount: "0x1", periodDuration: 0 },
      { tokenAddress: usdc, periodAmount: "0x1", periodDuration: day, startTime: now + 8 * day },
      { tokenAddress: "usdc", periodAmount: "0x1", periodDuration: day },
      { tokenAddress: usdc, periodAmount: "10", periodDuration: day }
    ]
    for (const data of invalid) expect(tagOf(check(request({ data }), now, chainId))).toBe("InvalidPermissionError")
    expect(tagOf(check(request({ chainId: "0x1" }), now, chainId))).toBe("InvalidPermissionError")
  })

  it("grants with one approval of the lifetime amount on top of what the contract already holds, then the registration", () => {
    const grant = check(request(), now, chainId) as PeriodicGrant
    const id: Hex = `0x${"5a".repeat(32)}`
    const [approve, register] = grantCalls(grant, id, 3n)
    expect(approve?.to).toBe(usdc)
    expect(decodeFunctionData({ abi: erc20Abi, data: approve?.data ?? "0x" }).args).toEqual([spendPermissionsAddress, 70_000_003n])
    expect(register?.to).toBe(spendPermissionsAddress)
    expect(decodeFunctionData({ abi: spendPermissionsAbi, data: register?.data ?? "0x" }).args)
      .toEqual([id, sessionKey, usdc, 10_000_000n, BigInt(day), BigInt(now), BigInt(now + 7 * day)])
  })

  it("answers with the context and the delegation manager a site redeems with", () => {
    const grant = check(request(), now, chainId) as PeriodicGrant
    const id: Hex = `0x${"5a".repeat(32)}`
    const response = grantedResponse(grant, account, id)
    expect(response).toMatchObject({ chainId: "0x7a69", from: account, to: sessionKey, delegationManager: spendPermissionsAddress, dependencies: [] })
    expect(response.rules).toEqual([{ type: "expiry", data: { timestamp: now + 7 * day } }])
    expect(decodePermissionContext(response.context)).toEqual({ account, id })
    expect(supported(["0x7a69"])).toEqual({ "erc20-token-periodic": { chainIds: ["0x7a69"], ruleTypes: ["expiry"] } })
  })
})
