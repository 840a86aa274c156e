/**
 * Analytics as core sees it (spec §7): the events the modal tracks and a service that sends them.
 * Tracking never fails and never delays what it follows; `http/client/AnalyticsClient.ts` implements
 * it over our server, and `layerOff` is what a host that did not opt in gets.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"

export const AnalyticsEventName = Schema.Literals([
  "MODAL_CREATED",
  "MODAL_OPEN",
  "SEND_INITIATED",
  "SEND_SUCCESS",
  "SWITCH_NETWORK",
  "DISCONNECT_SUCCESS",
  "DISCONNECT_ERROR",
  "SEARCH_WALLET",
  "SIWX_AUTH_SUCCESS",
  "SIWX_AUTH_ERROR"
])
export type AnalyticsEventName = typeof AnalyticsEventName.Type

export interface TrackedEvent {
  readonly event: AnalyticsEventName
  readonly address?: string
  readonly properties?: Readonly<Record<string, unknown>>
}

export class Analytics extends Context.Service<Analytics, {
  /** Whether the event was sent (false when skipped or when sending failed). */
  readonly track: (event: TrackedEvent) => Effect.Effect<boolean>
}>()("portico/core/Analytics") {
  /** Analytics off: nothing is sent. */
  static readonly layerOff: Layer.Layer<Analytics> = Layer.succeed(Analytics, Analytics.of({ track: () => Effect.succeed(false) }))
}

/** Sends in the background: the caller neither waits for the request nor sees it fail. */
export const trackDetached = (event: TrackedEvent): Effect.Effect<void, never, Analytics> =>
  Effect.gen(function*() {
    const analytics = yield* Analytics
    yield* Effect.forkDetach(analytics.track(event))
  })
