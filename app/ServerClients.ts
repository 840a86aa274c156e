/**
 * The clients of our server over the browser's fetch built on effect's HttpApiClient: the Backend's calls
 * besides the connect path's reads (names, sign-in, swap, buy, smart sessions) and Analytics. A chunk of
 * its own, imported at the first such call (BrowserEnvironment.ts), so opening the modal and connecting a
 * wallet never fetch HttpApiClient (the reads are ServerReads.ts).
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as AnalyticsClient from "../http/client/AnalyticsClient.ts"
import * as BackendClient from "../http/client/Backend.ts"
import type * as BackendFailure from "../http/client/BackendFailure.ts"
import type * as ServerTransport from "../http/client/ServerTransport.ts"

export const rest = (options: ServerTransport.ClientOptions, onRefusal: BackendFailure.OnRefusal) =>
  BackendClient.makeRest(options, onRefusal).pipe(Effect.provide(FetchHttpClient.layer))

export const analytics = (options: AnalyticsClient.AnalyticsOptions) =>
  AnalyticsClient.make(options).pipe(Effect.provide(FetchHttpClient.layer))
