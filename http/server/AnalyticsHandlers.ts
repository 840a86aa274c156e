/**
 * Analytics ingest: events are stored for projects that turned analytics on; for the others they are
 * acknowledged and dropped, so nothing is kept without the project's consent.
 */
import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { PorticoApi } from "../api/PorticoApi.ts"
import { Repository } from "./Repository.ts"
import { ServerContext } from "./ServerContext.ts"

export const AnalyticsHandlers = HttpApiBuilder.group(PorticoApi, "analytics", (handlers) =>
  Effect.gen(function*() {
    const repository = yield* Repository
    const context = yield* ServerContext
    return handlers.handle("send", ({ query, payload }) =>
      Effect.gen(function*() {
        // ProjectGuard has already required a known projectId.
        const project = query.projectId === undefined ? undefined : context.projects.get(query.projectId)
        if (project?.analyticsEnabled === true) yield* repository.insertEvent(project.projectId, payload)
      }))
  })
)
