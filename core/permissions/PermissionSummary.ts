/**
 * What the modal's Permissions view says of a granted permission, from the session the server read off
 * the chain: the token, how much per how long, how much of this period is already spent, the spender,
 * until when, and whether it is still in force; and the revocation the visitor signs to end it (EIP-712
 * `RevokePermission` under the SpendPermissions contract's domain, valid `revocationWindowSeconds`).
 */
import type { Address, Hex } from "viem"
import { referenceOf } from "../Caip.ts"
import type { SmartSession } from "./SmartSession.ts"
import { decodePermissionContext, revocationTypedData } from "./SpendPermissions.ts"

/** How long a signed revocation may wait for the server's relayer: long enough for a slow wallet, short enough to mean now. */
export const revocationWindowSeconds = 600

export type PermissionState = "active" | "notStarted" | "ended" | "revoked"

export interface PermissionSummary {
  readonly pci: string
  readonly caipNetworkId: string
  readonly token: Address
  readonly spender: Address
  readonly amountPerPeriod: bigint
  readonly periodSeconds: number
  /** Spent in the current period: nothing outside the window or once revoked. */
  readonly spentThisPeriod: bigint
  /** The permission's end, seconds since the epoch. */
  readonly until: number
  readonly state: PermissionState
}

const stateOf = (session: SmartSession, start: number, nowSeconds: number): PermissionState => {
  if (session.revoked) return "revoked"
  if (nowSeconds >= session.expiry) return "ended"
  return nowSeconds < start ? "notStarted" : "active"
}

/** The view's words for `session` at `nowSeconds`. */
export const summarize = (session: SmartSession, nowSeconds: number): PermissionSummary => {
  // The schema holds exactly one permission.
  const [{ data }] = session.permissions as readonly [SmartSession["permissions"][number]]
  const amountPerPeriod = BigInt(data.periodAmount)
  const state = stateOf(session, data.startTime, nowSeconds)
  const remaining = BigInt(session.remaining)
  return {
    pci: session.pci,
    caipNetworkId: session.chainId,
    token: data.tokenAddress as Address,
    spender: session.spender as Address,
    amountPerPeriod,
    periodSeconds: data.periodDuration,
    spentThisPeriod: state === "active" && remaining <= amountPerPeriod ? amountPerPeriod - remaining : 0n,
    until: session.expiry,
    state
  }
}

/** Whether the visitor is offered Revoke: only a permission that can still spend, now or later. */
export const revocable = (summary: PermissionSummary): boolean => summary.state === "active" || summary.state === "notStarted"

/** The typed data the account signs to revoke `session` at `nowSeconds`, and its deadline for the server's body. */
export const revocationOf = (session: SmartSession, nowSeconds: number) => {
  const { account, id } = decodePermissionContext(session.pci as Hex)
  const deadline = nowSeconds + revocationWindowSeconds
  return { deadline, typedData: revocationTypedData(Number(referenceOf(session.chainId)), account, id, BigInt(deadline)) }
}
