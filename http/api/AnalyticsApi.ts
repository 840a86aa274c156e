/**
 * Analytics ingest (spec section 7): POST /e with eventId, url, domain, timestamp and props.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { AnalyticsEventName } from "../../core/Analytics.ts"
import { BadRequest } from "./ApiError.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"

export const AnalyticsEvent = Schema.Struct({
  eventId: Schema.String,
  url: Schema.String,
  domain: Schema.String,
  timestamp: Schema.Finite,
  props: Schema.Struct({
    type: Schema.optionalKey(Schema.String),
    event: AnalyticsEventName,
    address: Schema.optionalKey(Schema.String),
    properties: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown))
  })
})
export type AnalyticsEvent = typeof AnalyticsEvent.Type

export class AnalyticsApi extends HttpApiGroup.make("analytics")
  .add(
    HttpApiEndpoint.post("send", "/e", {
      query: SdkQuery,
      payload: AnalyticsEvent,
      success: HttpApiSchema.NoContent,
      error: BadRequest
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
{}
