/**
 * core's retry policy applied at the transport: an answer whose status the policy retries (403, 408,
 * 413, 429, 500, 502, 503, 504) is sent again after the server's Retry-After (delta-seconds or
 * HTTP-date, capped) or the policy's delay, a bounded number of times. The last answer, retried or not,
 * goes on to the derived client, which decodes it into its typed error.
 */
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import type * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Retry from "../../core/Retry.ts"

export const retryResponses = (schedule: Schedule.Schedule<number, unknown> = Retry.policy) =>
  (client: HttpClient.HttpClient): HttpClient.HttpClient =>
    HttpClient.transformResponse(client, (send) =>
      send.pipe(
        Effect.flatMap((response) =>
          Retry.isRetryableStatus(response.status) ? Effect.fail(new RetryableResponse({ response })) : Effect.succeed(response)
        ),
        Effect.retry(schedule),
        Effect.catchTag("RetryableResponse", (failure) => Effect.succeed(failure.response))
      ))

/** Carries the answer through the schedule, which reads its status and Retry-After header. */
class RetryableResponse extends Schema.TaggedError<RetryableResponse>()("RetryableResponse", {
  response: Schema.declare((u): u is HttpClientResponse.HttpClientResponse => Predicate.isObject(u))
}) {}
