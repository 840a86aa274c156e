/**
 * Smart sessions (spec section 7, the last two Blockchain API rows): the ERC-7715 `erc20-token-periodic`
 * permissions an account granted through Portico's SpendPermissions contract, read from the chain, and
 * their revocation by the account's EIP-712 signature, sent by the server's relayer. Both answers are
 * "not shown" in the spec; the Schemas below are Portico's. The id is the permission's `context` (the pci).
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { BadRequest, NotFound, NotImplemented, UpstreamUnavailable } from "./ApiError.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"

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
  pci: Schema.String,
  /** The account that granted it. */
  address: EvmAddress,
  /** CAIP-2, `eip155:<id>`. */
  chainId: Schema.String,
  /** The spender (the site's session key) the permission names. */
  spender: EvmAddress,
  /** The permission's end (seconds); it spends nothing from then on. */
  expiry: Seconds,
  revoked: Schema.Boolean,
  /** What the spender may still move in the current period (0 outside the window and once revoked). */
  remaining: Quantity,
  permissions: Schema.Array(PeriodicPermission),
  policies: Schema.Array(ExpiryPolicy)
}) {}

/**
 * The spec's body (pci, signature) and the signed revocation's deadline: the contract's EIP-712
 * `RevokePermission(account, id, deadline)` binds one, and the signature alone cannot say which.
 */
export const RevokeSessionRequest = Schema.Struct({
  pci: Schema.String,
  signature: Schema.String,
  deadline: Seconds
})

export class RevokeSessionResult extends Schema.Class<RevokeSessionResult>("RevokeSessionResult")({
  success: Schema.Boolean,
  /** The relayer's transaction that revoked it. */
  transactionHash: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{64}$/))
}) {}

/** The chain to look on (CAIP-2); without it every configured EVM chain is asked, in configuration order. */
const SessionQuery = { ...SdkQuery, chainId: Schema.optionalKey(Schema.String) } as const

export class SessionsApi extends HttpApiGroup.make("sessions")
  .add(
    HttpApiEndpoint.get("get", "/v1/sessions/:id", {
      params: { id: Schema.String },
      query: SessionQuery,
      success: SmartSession,
      error: [BadRequest, NotFound, UpstreamUnavailable]
    }),
    HttpApiEndpoint.post("revoke", "/v1/sessions/:id/revoke", {
      params: { id: Schema.String },
      query: SessionQuery,
      payload: RevokeSessionRequest,
      success: RevokeSessionResult,
      error: [BadRequest, NotFound, NotImplemented, UpstreamUnavailable]
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
{}
