/**
 * The clients of every Portico service, derived from the contracts with HttpApiClient (no
 * hand-written requests). Each group gets its own base URL (the Blockchain API, the wallet service
 * and analytics may live on different hosts), the sdk query (`projectId`, `st`, `sv`, and `clientId`
 * when configured) on every request, and core's retry policy with Retry-After honoured.
 *
 * Failures: an answer the contract declares decodes into its typed error (`BadRequest`,
 * `OriginNotAllowed`, `RateLimited`, …, each with its `status`); any other non-ok answer is an
 * HttpClientError whose `response.status` carries the status.
 */
import * as Effect from "effect/Effect"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import { ModalApi } from "../api/ModalApi.ts"
import * as ServerTransport from "./ServerTransport.ts"

/** One derived client per group, each on its own base URL. Requires an HttpClient (fetch, Node…). */
export const make = (options: ServerTransport.ClientOptions) =>
  Effect.gen(function*() {
    const httpClient = yield* ServerTransport.transport(options)
    const walletServiceUrl = options.walletServiceUrl ?? options.apiUrl
    const group = <const G extends "blockchain" | "sessions" | "signIn" | "analytics" | "wallets" | "images">(name: G, baseUrl: string) =>
      HttpApiClient.group(ModalApi, { group: name, httpClient, baseUrl })
    return {
      blockchain: yield* group("blockchain", options.apiUrl),
      sessions: yield* group("sessions", options.apiUrl),
      signIn: yield* group("signIn", options.apiUrl),
      analytics: yield* group("analytics", options.analyticsUrl ?? options.apiUrl),
      wallets: yield* group("wallets", walletServiceUrl),
      images: yield* group("images", walletServiceUrl)
    }
  })

export type PorticoClient = Effect.Success<ReturnType<typeof make>>
