/**
 * The transport every call to our server goes through, whichever client makes it (the connect path's
 * reads, EndpointCall.ts; every other call, PorticoClient.ts): the sdk query (`projectId`, `st`, `sv`, and
 * `clientId` when configured) on every request, a timeout per attempt, a log line per failed attempt, and
 * core's retry policy with Retry-After honoured.
 */
import * as Effect from "effect/Effect"
import type * as Schedule from "effect/Schedule"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Constants from "../../core/Constants.ts"
import * as HostLogger from "../../core/HostLogger.ts"
import { sdkType } from "../api/SdkQuery.ts"
import { retryResponses } from "./RetryResponses.ts"

export interface ClientOptions {
  /** Base URL of the Blockchain API (balances, names, prices, sessions). */
  readonly apiUrl: string
  /** Base URL of the wallet service (registry, images, origins, analytics config); default apiUrl. */
  readonly walletServiceUrl?: string
  /** Base URL of the analytics ingest; default apiUrl. */
  readonly analyticsUrl?: string
  readonly projectId: string
  /** Sent as `sv`, e.g. `react-portico-0.1.0`. */
  readonly sdkVersion: string
  /** Sent as `st`; default `portico`. */
  readonly sdkType?: string
  /** Sent as the `clientId` query when set. */
  readonly clientId?: string
  /** The retry schedule; default core's `Retry.policy`. `false` disables retries. */
  readonly retry?: Schedule.Schedule<number, unknown> | false
  /** How long one attempt may take before it fails with `TimeoutError` (default the spec's 10 s). */
  readonly timeoutMillis?: number
  /** Told of each attempt that failed: method, path (long segments hidden), status or transport reason. */
  readonly onFailedRequest?: (entry: FailedRequest) => void
}

/** A failed request as it may be logged: nothing of its query, headers or body. */
export interface FailedRequest {
  readonly method: string
  readonly path: string
  readonly status?: number
  readonly reason?: string
}

const withFailureLog = (tell: (entry: FailedRequest) => void) => (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.transform(client, (send, request) => {
    const entry = { method: request.method, path: HostLogger.loggablePath(request.url) }
    return send.pipe(
      Effect.tap((response) => (response.status >= 400 ? Effect.sync(() => tell({ ...entry, status: response.status })) : Effect.void)),
      Effect.tapError((error) => Effect.sync(() => tell({ ...entry, reason: error.reason._tag })))
    )
  })

/**
 * Each attempt ends in time: a server that accepts and never answers fails the call (a transport
 * error described as a timeout), never hangs it.
 */
const withTimeout = (millis: number) => (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.transform(client, (send, request) =>
    Effect.timeoutOrElse(send, {
      duration: millis,
      orElse: () =>
        Effect.fail(new HttpClientError.HttpClientError({
          reason: new HttpClientError.TransportError({ request, description: `TimeoutError: no answer within ${millis} ms` })
        }))
    }))

const withSdkQuery = (options: ClientOptions) =>
  HttpClient.mapRequest((request: HttpClientRequest.HttpClientRequest) =>
    HttpClientRequest.appendUrlParams(request, {
      projectId: options.projectId,
      st: options.sdkType ?? sdkType,
      sv: options.sdkVersion,
      ...(options.clientId === undefined ? {} : { clientId: options.clientId })
    }))

/** The transport every derived client uses: sdk query, a timeout per attempt, then retries. */
export const transport = (options: ClientOptions) =>
  Effect.map(HttpClient.HttpClient, (client) => {
    const attempt = withTimeout(options.timeoutMillis ?? Constants.rpcTimeoutMillis)(withSdkQuery(options)(client))
    const timed = options.onFailedRequest === undefined ? attempt : withFailureLog(options.onFailedRequest)(attempt)
    return options.retry === false ? timed : retryResponses(options.retry)(timed)
  })
