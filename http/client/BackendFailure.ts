/**
 * How a call to our server fails for core: every failure becomes core's `BackendRequestError` (the
 * API's typed errors keep their tag and status, a 429 its wait; transport failures their tag), and a
 * refusal that is the configuration's fault is told to the developer. No trace headers: they would turn
 * every GET into a CORS preflight against the API. Shared by the reads (BackendReads.ts) and the rest
 * of the Backend (Backend.ts).
 */
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import * as HttpClient from "effect/http/HttpClient"
import * as Backend from "../../core/Backend.ts"
import * as DeveloperAlerts from "../../core/DeveloperAlerts.ts"

/** The status an answer carried: the API's typed errors hold it, HttpClient's response errors too. */
const statusOf = (error: unknown): number | undefined => {
  if (Predicate.hasProperty(error, "status") && typeof error.status === "number") return error.status
  if (Predicate.hasProperty(error, "response") && Predicate.hasProperty(error.response, "status")) {
    return typeof error.response.status === "number" ? error.response.status : undefined
  }
  return undefined
}

export const toBackendError = (error: unknown): Backend.BackendRequestError => {
  const status = statusOf(error)
  // A 429's body names its wait in seconds (RateLimited.retryAfter, the Retry-After header's value).
  const retryAfter = Predicate.hasProperty(error, "retryAfter") && typeof error.retryAfter === "number" ? error.retryAfter : undefined
  return new Backend.BackendRequestError({
    reason: Predicate.hasProperty(error, "_tag") && typeof error._tag === "string" ? error._tag : "Unknown",
    ...(status === undefined ? {} : { status }),
    ...(retryAfter === undefined ? {} : { retryAfterMillis: retryAfter * 1000 }),
    message: Predicate.hasProperty(error, "message") && typeof error.message === "string" && error.message !== ""
      ? error.message
      : "The Portico API could not answer"
  })
}

/** Told of each refusal that is the configuration's fault (an unknown project id, an origin not allowed). */
export type OnRefusal = (raised: DeveloperAlerts.Raised) => void

/** Runs one call: no trace headers, its failure as core's, a configuration refusal told. */
export const caller = (onRefusal: OnRefusal) => <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Backend.BackendRequestError> =>
  effect.pipe(
    Effect.provideService(HttpClient.TracerPropagationEnabled, false),
    Effect.mapError(toBackendError),
    Effect.tapError((error) =>
      Effect.sync(() => {
        const raised = DeveloperAlerts.ofRefusal(error.reason)
        if (raised !== undefined) onRefusal(raised)
      })
    )
  )
