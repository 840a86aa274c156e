/**
 * The middleware contract that guards every project-scoped group, and the one place the `projectId` is
 * declared: a security scheme, the key in the `projectId` query parameter (spec section 7). The
 * projectId must be known, the request's Origin must be on the project's allowlist, and the project +
 * client address must be under its rate. The server implements it (http/server/ProjectGuardLive.ts) and
 * hands the resolved project to the handlers as `CurrentProject`; clients need nothing (the derived
 * clients add the projectId at the transport, http/client/PorticoClient.ts).
 */
import * as Context from "effect/Context"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import { BadRequest, InvalidProjectId, OriginNotAllowed, RateLimited } from "./ApiError.ts"

/** The project a guarded call was admitted for, as the guard resolved it. */
export class CurrentProject extends Context.Service<CurrentProject, {
  readonly projectId: string
  readonly allowedOrigins: ReadonlyArray<string>
  readonly analyticsEnabled: boolean
}>()("portico/http/api/CurrentProject") {}

/** Spec section 7: every project-scoped call names its project in the `projectId` query parameter. */
export const projectIdParameter = HttpApiSecurity.apiKey({ key: "projectId", in: "query" })

export class ProjectGuard extends HttpApiMiddleware.Service<ProjectGuard, { provides: CurrentProject }>()("portico/http/api/ProjectGuard", {
  error: [BadRequest, InvalidProjectId, OriginNotAllowed, RateLimited],
  security: { projectId: projectIdParameter }
}) {}
