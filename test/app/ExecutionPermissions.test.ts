/**
 * The host's ERC-7715 actions (app/ExecutionPermissions.ts): each sends its method to the provider it is
 * given, answers only what decodes as ERC-7715's answer, and rejects with one typed error — the wallet's
 * refusal of a request it must not grant (by its fixed words, as the embedded wallet sends them through
 * Portico's provider, or by `data.reason`), else the wallet's EIP-1193 error.
 */
import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import {
  errorOf,
  getGrantedExecutionPermissions,
  getSupportedExecutionPermissions,
  requestExecutionPermissions,
  revokeExecutionPermission
} from "../../app/ExecutionPermissions.ts"
import type { Eip1193Provider } from "../../app/HostProvider.ts"
import * as Permissions from "../../core/permissions/ExecutionPermissions.ts"
import { encodePermissionContext, spendPermissionsAddress } from "../../core/permissions/SpendPermissions.ts"
import * as WalletError from "../../core/WalletError.ts"

const account = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const spender = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"

const request: Permissions.PermissionRequest = {
  chainId: "0x7a69",
  to: spender,
  permission: { type: "erc20-token-periodic", isAdjustmentAllowed: false, data: { tokenAddress: usdc, periodAmount: "0x989680", periodDuration: 86_400 } },
  rules: [{ type: "expiry", data: { timestamp: 2_000_000_000 } }]
}

const grant: Permissions.PeriodicGrant = {
  chainId: "0x7a69",
  spender,
  token: usdc,
  periodAmount: 10_000_000n,
  periodDuration: 86_400,
  start: 1_900_000_000,
  end: 2_000_000_000,
  justification: undefined
}
const granted = Permissions.grantedResponse(grant, account, `0x${"11".repeat(32)}`)

/** A provider that answers every request with `answer` (or rejects with it) and records what it was asked. */
const providerOf = (answer: { readonly value: unknown } | { readonly error: unknown }) => {
  const asked: Array<{ readonly method: string; readonly params?: unknown }> = []
  const provider: Eip1193Provider = {
    request: (args) => {
      asked.push(args)
      return "value" in answer ? Promise.resolve(answer.value) : Promise.reject(answer.error)
    },
    on: () => undefined,
    removeListener: () => undefined
  }
  return { provider, asked }
}

const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a rejection") }, (error: unknown) => error as { readonly _tag: string })

describe("the host's ERC-7715 actions", () => {
  it("send each method with ERC-7715's params and answer the decoded result", async () => {
    const grants = providerOf({ value: [granted] })
    expect(await requestExecutionPermissions(grants.provider, [request])).toEqual([granted])
    expect(grants.asked).toEqual([{ method: "wallet_requestExecutionPermissions", params: [[request]] }])
    expect(granted.delegationManager).toBe(spendPermissionsAddress)
    expect(granted.context).toBe(encodePermissionContext(account, `0x${"11".repeat(32)}`))

    const supported = providerOf({ value: Permissions.supported(["0x7a69"]) })
    expect(await getSupportedExecutionPermissions(supported.provider)).toEqual({ "erc20-token-periodic": { chainIds: ["0x7a69"], ruleTypes: ["expiry"] } })
    expect(supported.asked).toEqual([{ method: "wallet_getSupportedExecutionPermissions" }])

    const list = providerOf({ value: [] })
    expect(await getGrantedExecutionPermissions(list.provider)).toEqual([])
    expect(list.asked).toEqual([{ method: "wallet_getGrantedExecutionPermissions" }])

    // The embedded wallet answers `{}`, a browser wallet may answer null.
    for (const value of [{}, null]) {
      const revoked = providerOf({ value })
      expect(await revokeExecutionPermission(revoked.provider, granted.context)).toBeUndefined()
      expect(revoked.asked).toEqual([{ method: "wallet_revokeExecutionPermission", params: [{ permissionContext: granted.context }] }])
    }
  })

  it("refuse an answer that is not ERC-7715's, or that grants fewer permissions than asked", async () => {
    const answers: ReadonlyArray<unknown> = [
      [],
      [granted, granted],
      [{ ...granted, context: "not hex" }],
      [{ ...granted, delegationManager: "0x1234" }],
      { granted },
      "0x"
    ]
    for (const value of answers) {
      const refused = await rejection(requestExecutionPermissions(providerOf({ value }).provider, [request]))
      expect(refused).toMatchObject({ _tag: "PermissionAnswerError", method: "wallet_requestExecutionPermissions" })
    }
    expect(await rejection(getSupportedExecutionPermissions(providerOf({ value: { "erc20-token-periodic": { chainIds: [7], ruleTypes: [] } } }).provider)))
      .toMatchObject({ _tag: "PermissionAnswerError" })
    expect(await rejection(revokeExecutionPermission(providerOf({ value: "ok" }).provider, granted.context))).toMatchObject({ _tag: "PermissionAnswerError" })
  })

  it("name the wallet's refusals by their words (through Portico's provider) or their data.reason (a wallet's own)", async () => {
    const refusals = [
      new Permissions.UnknownPermissionTypeError({ permissionType: "native-token-stream" }),
      new Permissions.PermissionExpiredError({ expiry: 1 }),
      new Permissions.PermissionTooBroadError({ reason: "unlimited" }),
      new Permissions.InvalidPermissionError()
    ]
    for (const refusal of refusals) {
      // Portico's provider hands the embedded wallet's refusal over as a wallet error with its code and words.
      const throughPortico = WalletError.fromProviderError({ code: -32602, message: refusal.message })
      expect(errorOf(throughPortico)._tag).toBe(refusal._tag)
      expect(errorOf({ code: -32602, message: "whatever the wallet says", data: { reason: refusal._tag } })._tag).toBe(refusal._tag)
      expect((await rejection(requestExecutionPermissions(providerOf({ error: throughPortico }).provider, [request])))._tag).toBe(refusal._tag)
    }
    expect(errorOf({ code: 4001, message: "User rejected the request." })._tag).toBe("UserRejectedRequestError")
    expect(errorOf({ code: 4200, message: "Unsupported method" })._tag).toBe("UnsupportedMethodError")
  })

  it("keep any other rejection the wallet's own error, never a refusal it did not name", () => {
    const known = new Set(["Unknown permission type", "The permission request has expired", "The permission request is too broad", "The permission request is invalid"])
    fc.assert(fc.property(fc.integer({ min: -33_000, max: 5_000 }), fc.string({ maxLength: 60 }), (code, message) => {
      fc.pre(!known.has(message))
      const error = errorOf({ code, message })
      expect(["UnknownPermissionTypeError", "PermissionExpiredError", "PermissionTooBroadError", "InvalidPermissionError"]).not.toContain(error._tag)
      expect(error._tag).toBe(WalletError.fromProviderError({ code, message })._tag)
    }))
  })
})
