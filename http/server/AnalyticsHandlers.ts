/**
 * Analytics ingest: events are stored for projects that turned analytics on; for the others they are
 * acknowledged and dropped, so nothing is kept without the project's consent.
 */
import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { PorticoApi } from "../api/PorticoApi.ts"
import { CurrentProject } from "../api/ProjectGuard.ts"
import { Repository } from "./Repository.ts"

export const AnalyticsHandlers = HttpApiBuilder.group(PorticoApi, "analytics", (handlers) =>
  Effect.gen(function*() {
    const repository = yield* Repository
    return handlers.handle("send", ({ payload }) =>
      Effect.gen(function*() {
        const project = yield* CurrentProject
        if (project.analyticsEnabled) yield* repository.insertEvent(project.projectId, payload)
      }))
  })
)
