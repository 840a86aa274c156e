/**
 * Smart sessions (spec section 7, the last two Blockchain API rows). Both answers are "not shown" in
 * the spec; the Schemas below are Portico's.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { BadRequest, NotFound, NotImplemented } from "./ApiError.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"

/** A granted permission set (ERC-7715 style) as the wallet and the dapp see it. */
export class SmartSession extends Schema.Class<SmartSession>("SmartSession")({
  pci: Schema.String,
  address: Schema.String,
  chainId: Schema.String,
  expiry: Schema.Finite,
  revoked: Schema.Boolean,
  permissions: Schema.Array(Schema.Struct({ type: Schema.String, data: Schema.Unknown })),
  policies: Schema.Array(Schema.Struct({ type: Schema.String, data: Schema.Unknown }))
}) {}

export const RevokeSessionRequest = Schema.Struct({
  pci: Schema.String,
  signature: Schema.String
})

export class RevokeSessionResult extends Schema.Class<RevokeSessionResult>("RevokeSessionResult")({
  success: Schema.Boolean
}) {}

export class SessionsApi extends HttpApiGroup.make("sessions")
  .add(
    HttpApiEndpoint.get("get", "/v1/sessions/:id", {
      params: { id: Schema.String },
      query: SdkQuery,
      success: SmartSession,
      error: [BadRequest, NotFound, NotImplemented]
    }),
    HttpApiEndpoint.post("revoke", "/v1/sessions/:id/revoke", {
      params: { id: Schema.String },
      query: SdkQuery,
      payload: RevokeSessionRequest,
      success: RevokeSessionResult,
      error: [BadRequest, NotFound, NotImplemented]
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
{}
