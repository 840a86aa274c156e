/**
 * Every project, held in memory and read synchronously: the guard consults it on every call, CORS on
 * every session answer. The table is a handful of configured rows, read all at once; a copy older than five
 * seconds is refreshed in the background (a change by another process sharing Postgres shows up within
 * that delay). An unknown project id (a flood of random ones) costs neither a query nor memory.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { isAllowed } from "../../core/OriginAllowlist.ts"
import type { Project, Repository } from "./Repository.ts"

const maxAgeMillis = 5_000

/** A project listing `*` is open to every origin (core's patterns name origins, so it is handled here). */
export const anyOrigin = "*"

export interface ProjectDirectory {
  readonly get: (projectId: string) => Project | undefined
}

/** The server's directory of projects, as a service. */
export class Projects extends Context.Service<Projects, ProjectDirectory>()("portico/http/server/Projects") {}

export const allows = (project: Project, origin: string): boolean =>
  project.allowedOrigins.includes(anyOrigin) || isAllowed(project.allowedOrigins, origin)

/** Ages are measured on `clock`, the server's (ServerRuntime.clock). */
export const load = async (repository: Repository["Service"], clock: Clock.Clock): Promise<ProjectDirectory> => {
  let projects = await Effect.runPromise(repository.listProjects)
  let readAt = clock.currentTimeMillisUnsafe()
  let refreshing = false
  const fresh = () => {
    if (refreshing || clock.currentTimeMillisUnsafe() - readAt < maxAgeMillis) return
    refreshing = true
    Effect.runPromise(repository.listProjects).then(
      (next) => {
        projects = next
        readAt = clock.currentTimeMillisUnsafe()
      },
      // The database is away: the last copy keeps answering, and the next call tries again.
      () => undefined
    ).finally(() => {
      refreshing = false
    })
  }
  return {
    get: (projectId) => {
      fresh()
      return projects.get(projectId)
    }
  }
}
