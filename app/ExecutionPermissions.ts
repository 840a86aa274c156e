/**
 * ERC-7715 execution permissions for a host's own code, as viem's wallet actions are: each takes the
 * EIP-1193 provider (Portico's `useEvmProvider()`, or any wallet's), sends the method, decodes the
 * wallet's answer by Schema (an answer that is not ERC-7715's is refused, never passed on), and rejects
 * only with `ExecutionPermissionsError` (viem's `…ErrorType` convention: a promise cannot carry it): the wallet's refusal of a request it must not grant (an unknown type, expired,
 * too broad, invalid — the same classes the embedded wallet raises, recognised by their fixed words or
 * by the `data.reason` a wallet adds), or the wallet's EIP-1193 error (core/WalletError.ts).
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { fixed } from "../core/FixedMessage.ts"
import { PermissionRequest } from "../core/permissions/ExecutionPermissions.ts"
import { type PermissionRefusal, refusalNamed } from "../core/permissions/PermissionErrors.ts"
import * as WalletError from "../core/WalletError.ts"
import type { Eip1193Provider } from "./HostProvider.ts"

export { PermissionRequest }

const EvmAddress = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))
const Quantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/))
const Bytes = Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2})*$/), Schema.isMaxLength(20_000))

/** One granted permission (ERC-7715 `PermissionResponse`): what the site redeems with is `context` at `delegationManager`. */
export const GrantedPermission = Schema.Struct({
  chainId: Quantity,
  from: Schema.optionalKey(EvmAddress),
  to: EvmAddress,
  permission: Schema.Struct({ type: Schema.String.check(Schema.isMaxLength(100)), isAdjustmentAllowed: Schema.Boolean, data: Schema.Unknown }),
  rules: Schema.optionalKey(Schema.Array(Schema.Struct({ type: Schema.String.check(Schema.isMaxLength(100)), data: Schema.Unknown }))),
  context: Bytes,
  dependencies: Schema.optionalKey(Schema.Array(Schema.Unknown)),
  delegationManager: EvmAddress
})
export type GrantedPermission = typeof GrantedPermission.Type

/** `wallet_getSupportedExecutionPermissions`: each type the wallet offers, on which chains, with which rules. */
export const SupportedPermissions = Schema.Record(
  Schema.String.check(Schema.isMaxLength(100)),
  Schema.Struct({ chainIds: Schema.Array(Quantity), ruleTypes: Schema.Array(Schema.String.check(Schema.isMaxLength(100))) })
)
export type SupportedPermissions = typeof SupportedPermissions.Type

const GrantedList = Schema.Array(GrantedPermission).check(Schema.isMaxLength(1000))

/** The wallet answered something that is not what ERC-7715 says it answers: nothing of it is used. */
export class PermissionAnswerError extends Schema.TaggedError<PermissionAnswerError>()("PermissionAnswerError", {
  message: fixed("The wallet's answer is not an ERC-7715 answer"),
  method: Schema.String
}) {}

export type { PermissionRefusal }

export type ExecutionPermissionsError = PermissionRefusal | WalletError.WalletError | PermissionAnswerError

const WithReason = Schema.Struct({ data: Schema.Struct({ reason: Schema.String }) })
const decodeReason = Schema.decodeUnknownOption(WithReason)

/** What a rejection of a permission method means, as one typed error. */
export const errorOf = (raw: unknown): ExecutionPermissionsError => {
  const wallet = WalletError.fromProviderError(raw)
  let reason: string | undefined
  try {
    reason = Option.getOrUndefined(decodeReason(raw))?.data.reason
  } catch {
    // A hostile value (a throwing getter) says nothing more than its code and message.
    reason = undefined
  }
  // The visitor's own "no" stays theirs, whatever words a wallet put on it.
  return (wallet._tag === "UserRejectedRequestError" ? undefined : refusalNamed(wallet.message, reason)) ?? wallet
}

const call = <A>(provider: Eip1193Provider, method: string, params: unknown, answer: (value: unknown) => Option.Option<A>): Promise<A> =>
  provider.request(params === undefined ? { method } : { method, params }).then(
    (value) => {
      const decoded = answer(value)
      if (Option.isNone(decoded)) throw new PermissionAnswerError({ method })
      return decoded.value
    },
    (error: unknown) => {
      throw errorOf(error)
    }
  )

const decodeGranted = Schema.decodeUnknownOption(GrantedList)

/**
 * `wallet_requestExecutionPermissions`: the visitor grants every request together or none; the answer
 * holds one granted permission per request, in order.
 */
export const requestExecutionPermissions = (provider: Eip1193Provider, requests: ReadonlyArray<PermissionRequest>) =>
  call(provider, "wallet_requestExecutionPermissions", [requests], (value) =>
    Option.filter(decodeGranted(value), (granted) => granted.length === requests.length))

/** `wallet_getSupportedExecutionPermissions`: the types the wallet offers. */
export const getSupportedExecutionPermissions = (provider: Eip1193Provider) =>
  call(provider, "wallet_getSupportedExecutionPermissions", undefined, Schema.decodeUnknownOption(SupportedPermissions))

/** `wallet_getGrantedExecutionPermissions`: the account's permissions still in force. */
export const getGrantedExecutionPermissions = (provider: Eip1193Provider) =>
  call(provider, "wallet_getGrantedExecutionPermissions", undefined, decodeGranted)

const decodeRevoked = Schema.decodeUnknownOption(Schema.Union([Schema.Record(Schema.String, Schema.Unknown), Schema.Null]))

/** `wallet_revokeExecutionPermission`: the visitor withdraws the permission `permissionContext` names. */
export const revokeExecutionPermission = (provider: Eip1193Provider, permissionContext: string) =>
  call(provider, "wallet_revokeExecutionPermission", [{ permissionContext }], (value) => Option.map(decodeRevoked(value), () => undefined))
