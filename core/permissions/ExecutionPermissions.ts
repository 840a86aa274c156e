/**
 * ERC-7715 execution permissions as a wallet without a module system grants them: the request's JSON
 * (`wallet_requestExecutionPermissions`), the rules a wallet keeps before showing anything, and the
 * answer a site redeems with (ERC-7710's `context` and `delegationManager`, here SpendPermissions.ts's
 * contract). One permission type is offered, `erc20-token-periodic`; anything else is refused with
 * nothing signed. A grant must end: no expiry, an expiry more than `maxLifetimeSeconds` away, or an
 * unlimited amount is over-broad; an expiry already past is expired.
 */
import * as Schema from "effect/Schema"
import { encodeFunctionData, numberToHex, type Address, type Hex } from "viem"
import { isUnlimited } from "../UnlimitedAmount.ts"
import { InvalidPermissionError, PermissionExpiredError, PermissionTooBroadError, UnknownPermissionTypeError } from "./PermissionErrors.ts"
import { encodePermissionContext, spendPermissionsAbi, spendPermissionsAddress } from "./SpendPermissions.ts"

/** The longest grant a wallet accepts: 30 days, so a forgotten permission ends on its own within a month. */
export const maxLifetimeSeconds = 30 * 86_400

export const erc20TokenPeriodic = "erc20-token-periodic"
export const expiryRule = "expiry"

const EvmAddress = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))
const Quantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/))
const Seconds = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(2 ** 40))

const Rule = Schema.Struct({ type: Schema.String.check(Schema.isMaxLength(100)), data: Schema.Unknown })

/** One entry of `wallet_requestExecutionPermissions`'s array (ERC-7715 `PermissionRequest`). */
export const PermissionRequest = Schema.Struct({
  chainId: Quantity,
  from: Schema.optionalKey(EvmAddress),
  to: EvmAddress,
  permission: Schema.Struct({
    type: Schema.String.check(Schema.isMaxLength(100)),
    isAdjustmentAllowed: Schema.Boolean,
    data: Schema.Unknown
  }),
  rules: Schema.optionalKey(Schema.Array(Rule).check(Schema.isMaxLength(16)))
})
export type PermissionRequest = typeof PermissionRequest.Type

export const RequestParams = Schema.Tuple([Schema.Array(PermissionRequest).check(Schema.isMinLength(1), Schema.isMaxLength(8))])

/** `erc20-token-periodic`'s data: `periodAmount` of the token per `periodDuration` seconds, from `startTime`. */
export const Erc20PeriodicData = Schema.Struct({
  tokenAddress: EvmAddress,
  periodAmount: Quantity,
  periodDuration: Seconds.check(Schema.isGreaterThan(0)),
  startTime: Schema.optionalKey(Seconds),
  justification: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(500)))
})

const ExpiryData = Schema.Struct({ timestamp: Seconds })

/** A request the wallet can grant, in the contract's terms (seconds since the epoch). */
export interface PeriodicGrant {
  /** The chain's id as ERC-7715 writes it (hex). */
  readonly chainId: Hex
  readonly spender: Address
  readonly token: Address
  readonly periodAmount: bigint
  readonly periodDuration: number
  readonly start: number
  readonly end: number
  readonly justification: string | undefined
}

export { InvalidPermissionError, PermissionExpiredError, PermissionTooBroadError, UnknownPermissionTypeError }
export type CheckError = UnknownPermissionTypeError | PermissionExpiredError | PermissionTooBroadError | InvalidPermissionError

const decodeData = Schema.decodeUnknownOption(Erc20PeriodicData)
const decodeExpiry = Schema.decodeUnknownOption(ExpiryData)

/** The one expiry rule's timestamp; any other rule is one the wallet cannot enforce. */
const expiryOf = (rules: PermissionRequest["rules"]): number | CheckError => {
  let expiry: number | undefined
  for (const rule of rules ?? []) {
    if (rule.type !== expiryRule) return new UnknownPermissionTypeError({ permissionType: rule.type })
    const data = decodeExpiry(rule.data)
    if (data._tag === "None" || expiry !== undefined) return new InvalidPermissionError()
    expiry = data.value.timestamp
  }
  return expiry ?? new PermissionTooBroadError({ reason: "noExpiry" })
}

/**
 * Whether `request` may be shown to the visitor at `now` (seconds) on `chainId` (a number): the grant it
 * describes, or why not.
 */
export const check = (request: PermissionRequest, now: number, chainId: number): PeriodicGrant | CheckError => {
  if (request.permission.type !== erc20TokenPeriodic) return new UnknownPermissionTypeError({ permissionType: request.permission.type })
  if (BigInt(request.chainId) !== BigInt(chainId)) return new InvalidPermissionError()
  const data = decodeData(request.permission.data)
  if (data._tag === "None") return new InvalidPermissionError()
  const expiry = expiryOf(request.rules)
  if (typeof expiry !== "number") return expiry
  if (expiry <= now) return new PermissionExpiredError({ expiry })
  if (expiry - now > maxLifetimeSeconds) return new PermissionTooBroadError({ reason: "tooLong" })
  const periodAmount = BigInt(data.value.periodAmount)
  if (isUnlimited(periodAmount)) return new PermissionTooBroadError({ reason: "unlimited" })
  const start = data.value.startTime ?? now
  if (periodAmount === 0n || start >= expiry) return new InvalidPermissionError()
  return {
    chainId: numberToHex(chainId),
    spender: request.to as Address,
    token: data.value.tokenAddress as Address,
    periodAmount,
    periodDuration: data.value.periodDuration,
    start,
    end: expiry,
    justification: data.value.justification
  }
}

/** The most the spender can ever move: the amount of every period the window starts, whole or not. */
export const lifetimeAmount = (grant: PeriodicGrant): bigint =>
  grant.periodAmount * BigInt(Math.ceil((grant.end - grant.start) / grant.periodDuration))

const approveAbi = [{ type: "function", name: "approve", stateMutability: "nonpayable", inputs: [{ name: "spender", type: "address" }, { name: "value", type: "uint256" }], outputs: [{ type: "bool" }] }] as const

/**
 * The two calls that grant it, sent together or not at all: the token's allowance to the contract raised by
 * the grant's lifetime amount (on top of `allowance`, what other grants already hold), and the registration.
 */
export const grantCalls = (grant: PeriodicGrant, id: Hex, allowance: bigint): ReadonlyArray<{ readonly to: Address; readonly value: bigint; readonly data: Hex }> => [
  { to: grant.token, value: 0n, data: encodeFunctionData({ abi: approveAbi, functionName: "approve", args: [spendPermissionsAddress, allowance + lifetimeAmount(grant)] }) },
  {
    to: spendPermissionsAddress,
    value: 0n,
    data: encodeFunctionData({
      abi: spendPermissionsAbi,
      functionName: "register",
      args: [id, grant.spender, grant.token, grant.periodAmount, BigInt(grant.periodDuration), BigInt(grant.start), BigInt(grant.end)]
    })
  }
]

export const revokeCall = (id: Hex) => ({ to: spendPermissionsAddress, value: 0n, data: encodeFunctionData({ abi: spendPermissionsAbi, functionName: "revoke", args: [id] }) })

/** ERC-7715's answer for a granted request: what was granted, and what the site redeems with. */
export const grantedResponse = (grant: PeriodicGrant, account: Address, id: Hex) => ({
  chainId: grant.chainId,
  from: account,
  to: grant.spender,
  permission: {
    type: erc20TokenPeriodic,
    isAdjustmentAllowed: false,
    data: {
      tokenAddress: grant.token,
      periodAmount: numberToHex(grant.periodAmount),
      periodDuration: grant.periodDuration,
      startTime: grant.start,
      ...(grant.justification === undefined ? {} : { justification: grant.justification })
    }
  },
  rules: [{ type: expiryRule, data: { timestamp: grant.end } }],
  context: encodePermissionContext(account, id),
  dependencies: [],
  delegationManager: spendPermissionsAddress
})
export type GrantedPermission = ReturnType<typeof grantedResponse>

/** `wallet_getSupportedExecutionPermissions`: the one type, on `chainIds` (hex), with the expiry rule. */
export const supported = (chainIds: ReadonlyArray<Hex>) => ({ [erc20TokenPeriodic]: { chainIds, ruleTypes: [expiryRule] } })
