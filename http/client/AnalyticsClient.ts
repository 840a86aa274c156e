/**
 * Sends analytics events (spec section 7) through the derived analytics client. Off unless the host
 * turns it on (Portico's default, unlike the spec's market leader); MODAL_CREATED is never sent. An
 * HTTP 403 (origin not on the project's allowlist) shows the 'Invalid App Configuration' alert once;
 * analytics never fails its caller and never retries.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import * as Layer from "effect/Layer"
import type * as HttpClient from "effect/http/HttpClient"
import type * as DeveloperAlerts from "../../core/DeveloperAlerts.ts"
import { Analytics } from "../../core/Analytics.ts"
import type { TrackedEvent } from "../../core/Analytics.ts"
import * as PorticoClient from "./PorticoClient.ts"
import type * as ServerTransport from "./ServerTransport.ts"

export interface AnalyticsOptions extends Omit<ServerTransport.ClientOptions, "retry"> {
  /** Default false. */
  readonly enabled?: boolean
  /** The page the event happened on (the browser's location.href and location.host). */
  readonly page: () => { readonly url: string; readonly domain: string }
  /** Shows an alert (the UI's alert slot). Called at most once per client. */
  /** A refusal that is the configuration's fault, for the developer (core/DeveloperAlerts.ts). */
  readonly onAlert: (raised: DeveloperAlerts.Raised) => void
}

const newEventId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
}

export const make = (options: AnalyticsOptions) =>
  Effect.gen(function*() {
    const { analytics } = yield* PorticoClient.make({ ...options, retry: false })
    const alerted = yield* Ref.make(false)
    const enabled = options.enabled ?? false
    const track = (tracked: TrackedEvent): Effect.Effect<boolean> =>
      Effect.gen(function*() {
        if (!enabled || tracked.event === "MODAL_CREATED") return false
        const page = options.page()
        const timestamp = yield* Clock.currentTimeMillis
        yield* analytics.send({
          query: {},
          payload: {
            eventId: newEventId(),
            url: page.url,
            domain: page.domain,
            timestamp,
            props: {
              type: "track",
              event: tracked.event,
              ...(tracked.address === undefined ? {} : { address: tracked.address }),
              ...(tracked.properties === undefined ? {} : { properties: tracked.properties })
            }
          }
        })
        return true
      }).pipe(
        Effect.catchTag("OriginNotAllowed", () =>
          Effect.as(
            Effect.flatMap(Ref.getAndSet(alerted, true), (already) =>
              already ? Effect.void : Effect.sync(() => options.onAlert({ key: "InvalidAppConfiguration" }))),
            false
          )),
        Effect.catch(() => Effect.succeed(false))
      )
    return Analytics.of({ track })
  })

/** core's Analytics on our server; needs an HttpClient (fetch in browsers). */
export const layer = (options: AnalyticsOptions): Layer.Layer<Analytics, never, HttpClient.HttpClient> =>
  Layer.effect(Analytics, make(options))
