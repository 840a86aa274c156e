/**
 * The query every project-scoped call carries (spec section 7) besides its `projectId` (declared once,
 * as ProjectGuard's security): the sdk type `st` and the sdk version `sv`, plus the optional `clientId`
 * a host may configure.
 *
 * They are optional in the Schemas because the derived clients add them to every request at the
 * transport (http/client/PorticoClient.ts), so callers never repeat them; the server's ProjectGuard
 * still requires `st` and `sv` and answers 400 naming the missing one.
 */
import * as Schema from "effect/Schema"

export const SdkQuery = {
  st: Schema.optionalKey(Schema.String),
  sv: Schema.optionalKey(Schema.String),
  clientId: Schema.optionalKey(Schema.String)
} as const

/** The sdk type Portico's own clients send as `st`. */
export const sdkType = "portico"
