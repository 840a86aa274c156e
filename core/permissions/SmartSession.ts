/**
 * A smart session as Portico's server reads it from the chain (`GET /v1/sessions/{pci}`): an ERC-7715
 * `erc20-token-periodic` permission in the SpendPermissions contract, named by its `context` (the pci).
 * Defined here once: the server's contract (http/api/SessionsApi.ts), its client and the modal share it.
 */
import * as Schema from "effect/Schema"

const EvmAddress = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/))
const Quantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/))
const Seconds = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** ERC-7715's `erc20-token-periodic` data, as the wallet granted it. */
export const PeriodicPermission = Schema.Struct({
  type: Schema.Literal("erc20-token-periodic"),
  data: Schema.Struct({ tokenAddress: EvmAddress, periodAmount: Quantity, periodDuration: Seconds, startTime: Seconds })
})

/** ERC-7715's `expiry` rule: the permission's end, in seconds since the epoch. */
export const ExpiryPolicy = Schema.Struct({ type: Schema.Literal("expiry"), data: Schema.Struct({ timestamp: Seconds }) })

/** A granted permission as the chain holds it. */
export class SmartSession extends Schema.Class<SmartSession>("SmartSession")({
  /** The permission's context, lower case. */
  pci: Schema.String.check(Schema.isPattern(/^0x[0-9a-f]{128}$/)),
  /** The account that granted it. */
  address: EvmAddress,
  /** CAIP-2, `eip155:<id>`. */
  chainId: Schema.String.check(Schema.isPattern(/^eip155:[1-9][0-9]{0,19}$/)),
  /** The spender (the site's session key) the permission names. */
  spender: EvmAddress,
  /** The permission's end (seconds); it spends nothing from then on. */
  expiry: Seconds,
  revoked: Schema.Boolean,
  /** What the spender may still move in the current period (0 outside the window and once revoked). */
  remaining: Quantity,
  permissions: Schema.Array(PeriodicPermission).check(Schema.isMinLength(1), Schema.isMaxLength(1)),
  policies: Schema.Array(ExpiryPolicy).check(Schema.isMaxLength(1))
}) {}

/**
 * The spec's revoke body (pci, signature) and the signed revocation's deadline (seconds): the contract's
 * EIP-712 `RevokePermission(account, id, deadline)` binds one, and a signature alone cannot say which.
 */
export const RevokeSessionRequest = Schema.Struct({
  pci: Schema.String,
  signature: Schema.String,
  deadline: Seconds
})
export type RevokeSessionRequest = typeof RevokeSessionRequest.Type

export class RevokeSessionResult extends Schema.Class<RevokeSessionResult>("RevokeSessionResult")({
  success: Schema.Boolean,
  /** The relayer's transaction that revoked it. */
  transactionHash: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{64}$/))
}) {}
