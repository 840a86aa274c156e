/**
 * The clients of our server over the browser's fetch: core's Backend and Analytics built on effect's
 * HttpApiClient. A chunk of its own, imported at the first request (BrowserEnvironment.ts), so the page
 * fetches the HTTP machinery only once the visitor has opened the modal.
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import * as AnalyticsClient from "../http/client/AnalyticsClient.ts"
import * as BackendClient from "../http/client/Backend.ts"
import type * as PorticoClient from "../http/client/PorticoClient.ts"
import * as BrowserStorage from "./BrowserStorage.ts"

export const backend = (options: PorticoClient.ClientOptions, onRefusal: BackendClient.OnRefusal) =>
  BackendClient.make(options, onRefusal).pipe(Effect.provide(Layer.merge(FetchHttpClient.layer, BrowserStorage.layerBrowser)))

export const analytics = (options: AnalyticsClient.AnalyticsOptions) =>
  AnalyticsClient.make(options).pipe(Effect.provide(FetchHttpClient.layer))
