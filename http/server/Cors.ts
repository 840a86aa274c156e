/**
 * Which pages may read our answers. Reads are open to any page (refusals included: a page off its
 * project's allowlist must be able to read its 403 to show 'Invalid App Configuration'); ProjectGuard
 * decides per project. Where sessions are involved (sign-in), only an origin the request's project
 * allows is named, by itself with Vary: Origin, never `*`.
 */
import * as Effect from "effect/Effect"
import * as HttpMiddleware from "effect/http/HttpMiddleware"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as ProjectDirectory from "./ProjectDirectory.ts"

/** The paths that carry sessions. */
export const sessionPaths = ["/v1/siwx/"]

const shared = { exposedHeaders: ["retry-after"], maxAge: 600 } as const

export const middleware = (projects: ProjectDirectory.ProjectDirectory) => {
  const open = HttpMiddleware.cors(shared)
  return <E, R>(httpEffect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      if (!sessionPaths.some((path) => request.url.startsWith(path))) return open(httpEffect)
      const project = projects.get(new URL(request.url, "http://portico.invalid").searchParams.get("projectId") ?? "")
      const allowedOrigins = (origin: string) => project !== undefined && ProjectDirectory.allows(project, origin)
      return HttpMiddleware.cors({ ...shared, allowedOrigins })(httpEffect)
    })
}
