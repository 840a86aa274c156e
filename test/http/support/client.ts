/**
 * Test helpers: run an effect with the derived Portico clients pointed at a server, over fetch.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Name from "../../../core/Name.ts"
import * as PorticoClient from "../../../http/client/PorticoClient.ts"
import type * as ServerTransport from "../../../http/client/ServerTransport.ts"

export interface ClientSetup extends Partial<ServerTransport.ClientOptions> {
  readonly url: string
  /** Sent as the Origin header, as a browser page would. */
  readonly origin?: string
}

/** fetch, plus an Origin header when asked (Node's fetch does not add one). */
export const httpClientLayer = (origin: string | undefined) =>
  origin === undefined
    ? FetchHttpClient.layer
    : Layer.effect(
      HttpClient.HttpClient,
      Effect.map(HttpClient.HttpClient, HttpClient.mapRequest(HttpClientRequest.setHeader("origin", origin)))
    ).pipe(Layer.provide(FetchHttpClient.layer))

export const withClient = <A, E>(
  setup: ClientSetup,
  use: (client: PorticoClient.PorticoClient) => Effect.Effect<A, E>
): Promise<A> =>
  Effect.runPromise(
    Effect.flatMap(
      PorticoClient.make({ projectId: "test-project", sdkVersion: "portico-test-0.1.0", retry: false, ...setup, apiUrl: setup.url }),
      use
    ).pipe(Effect.provide(httpClientLayer(setup.origin)))
  )

/** The profile lookup's answer for a name the test registered (a NameNotRegistered answer fails the test). */
export const registeredName = (answer: Name.NameLookupAnswer): Name.NameAccount => {
  if (answer instanceof Name.NameNotRegistered) throw new Error(`${answer.name} is not registered`)
  return answer
}
