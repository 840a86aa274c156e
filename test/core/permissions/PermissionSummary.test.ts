/**
 * The Permissions view's words for a session (core/permissions/PermissionSummary.ts): spent in this period
 * is what the period allows less what is left, and only while the permission is in force; a revoked or
 * ended one offers no Revoke; the revocation is the account's own, on the session's chain, for ten minutes.
 */
import * as fc from "fast-check"
import { numberToHex, recoverTypedDataAddress } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { referenceOf } from "../../../core/Caip.ts"
import { revocable, revocationOf, revocationWindowSeconds, summarize } from "../../../core/permissions/PermissionSummary.ts"
import { SmartSession } from "../../../core/permissions/SmartSession.ts"
import { encodePermissionContext, spendPermissionsAddress } from "../../../core/permissions/SpendPermissions.ts"

const account = privateKeyToAccount(generatePrivateKey())
const token = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
const spender = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

const sessionOf = (fields: { readonly amount: bigint; readonly remaining: bigint; readonly start: number; readonly expiry: number; readonly revoked: boolean; readonly chainId: number; readonly id: `0x${string}` }) =>
  new SmartSession({
    pci: encodePermissionContext(account.address, fields.id),
    address: account.address,
    chainId: `eip155:${fields.chainId}`,
    spender,
    expiry: fields.expiry,
    revoked: fields.revoked,
    remaining: numberToHex(fields.remaining),
    permissions: [{ type: "erc20-token-periodic", data: { tokenAddress: token, periodAmount: numberToHex(fields.amount), periodDuration: 86_400, startTime: fields.start } }],
    policies: [{ type: "expiry", data: { timestamp: fields.expiry } }]
  })

const arbitrarySession = fc.record({
  amount: fc.bigInt({ min: 1n, max: 2n ** 128n }),
  share: fc.double({ min: 0, max: 1, noNaN: true }),
  start: fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }),
  length: fc.integer({ min: 1, max: 30 * 86_400 }),
  revoked: fc.boolean(),
  chainId: fc.integer({ min: 1, max: 2 ** 32 }),
  id: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as const),
  offset: fc.integer({ min: -86_400, max: 31 * 86_400 })
}).map(({ amount, share, start, length, offset, ...rest }) => {
  const remaining = (amount * BigInt(Math.floor(share * 1_000_000))) / 1_000_000n
  return { session: sessionOf({ amount, remaining, start, expiry: start + length, ...rest }), amount, remaining, now: start + offset }
})

describe("summarize", () => {
  it("property: spent and left make the period's amount while in force, and nothing is spent otherwise", () => {
    fc.assert(fc.property(arbitrarySession, ({ session, amount, remaining, now }) => {
      const summary = summarize(session, now)
      expect(summary.amountPerPeriod).toBe(amount)
      expect(summary.spentThisPeriod >= 0n).toBe(true)
      if (summary.state === "active") expect(summary.spentThisPeriod + remaining).toBe(amount)
      else expect(summary.spentThisPeriod).toBe(0n)
    }))
  })

  it("property: a revoked or ended permission offers no Revoke; one in force or not yet started does", () => {
    fc.assert(fc.property(arbitrarySession, ({ session, now }) => {
      const summary = summarize(session, now)
      const start = session.permissions[0]!.data.startTime
      const expected = session.revoked ? "revoked" : now >= session.expiry ? "ended" : now < start ? "notStarted" : "active"
      expect(summary.state).toBe(expected)
      expect(revocable(summary)).toBe(expected === "active" || expected === "notStarted")
    }))
  })

  it("names the token, the spender, the period and the end as the chain holds them", () => {
    const session = sessionOf({ amount: 10_000_000n, remaining: 4_000_000n, start: 1_750_000_000, expiry: 1_750_604_800, revoked: false, chainId: 31337, id: `0x${"ab".repeat(32)}` })
    expect(summarize(session, 1_750_000_100)).toEqual({
      pci: session.pci,
      caipNetworkId: "eip155:31337",
      token,
      spender,
      amountPerPeriod: 10_000_000n,
      periodSeconds: 86_400,
      spentThisPeriod: 6_000_000n,
      until: 1_750_604_800,
      state: "active"
    })
  })
})

describe("revocationOf", () => {
  it("property: the account's own revocation of this permission on the session's chain, for ten minutes", async () => {
    await fc.assert(fc.asyncProperty(arbitrarySession, async ({ session, now }) => {
      const { deadline, typedData } = revocationOf(session, now)
      expect(deadline).toBe(now + revocationWindowSeconds)
      expect(typedData.domain).toEqual({ name: "SpendPermissions", version: "1", chainId: Number(referenceOf(session.chainId)), verifyingContract: spendPermissionsAddress })
      expect(encodePermissionContext(typedData.message.account, typedData.message.id)).toBe(session.pci)
      expect(typedData.message.deadline).toBe(BigInt(deadline))
      const signature = await account.signTypedData(typedData)
      expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(account.address)
    }), { numRuns: 20 })
  })
})
