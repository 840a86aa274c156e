/**
 * Smart sessions (spec section 7, the last two Blockchain API rows): the ERC-7715 `erc20-token-periodic`
 * permissions an account granted through Portico's SpendPermissions contract, read from the chain, and
 * their revocation by the account's EIP-712 signature, sent by the server's relayer. Both answers are
 * "not shown" in the spec; the Schemas are Portico's (core/permissions/SmartSession.ts). The id is the
 * permission's `context` (the pci).
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { RevokeSessionRequest, RevokeSessionResult, SmartSession } from "../../core/permissions/SmartSession.ts"
import { BadRequest, NotFound, NotImplemented, UpstreamUnavailable } from "./ApiError.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"

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
