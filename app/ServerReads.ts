/**
 * The reads of our server that the connect path makes (the wallet list, balances, identity) over the
 * browser's fetch, without HttpApiClient (http/client/BackendReads.ts). A chunk of its own, imported at
 * the first of them (BrowserEnvironment.ts); the rest of our server's client is ServerClients.ts.
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import type * as BackendFailure from "../http/client/BackendFailure.ts"
import * as BackendReads from "../http/client/BackendReads.ts"
import type * as ServerTransport from "../http/client/ServerTransport.ts"
import * as BrowserStorage from "./BrowserStorage.ts"

export const reads = (options: ServerTransport.ClientOptions, onRefusal: BackendFailure.OnRefusal) =>
  BackendReads.make(options, onRefusal).pipe(Effect.provide(Layer.merge(FetchHttpClient.layer, BrowserStorage.layerBrowser)))
