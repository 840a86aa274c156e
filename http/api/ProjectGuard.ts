/**
 * The middleware contract that guards every project-scoped group: the projectId must be known, the
 * request's Origin must be on the project's allowlist, and the project + client address must be under
 * its rate. The server implements it (http/server/ProjectGuardLive.ts); clients need nothing.
 */
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import { BadRequest, InvalidProjectId, OriginNotAllowed, RateLimited } from "./ApiError.ts"

export class ProjectGuard extends HttpApiMiddleware.Service<ProjectGuard>()("portico/http/api/ProjectGuard", {
  error: [BadRequest, InvalidProjectId, OriginNotAllowed, RateLimited]
}) {}
