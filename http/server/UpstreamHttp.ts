/**
 * One call to a third party's REST API (an onramp provider, a swap API): a 10 s timeout, the answer's JSON
 * decoded by the caller's Schema. One that cannot be reached, times out or answers something unreadable
 * is an UpstreamUnavailable naming it (the client retries, or shows its fallback); a 4xx with a body the
 * caller can read is handed back so it can name our request's field. `upstream` names the party in
 * messages ("The onramp provider MoonPay").
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { UpstreamUnavailable } from "../api/ApiError.ts"

const timeoutMillis = 10_000

export interface Answer {
  readonly status: number
  readonly body: unknown
}

export const unavailable = (upstream: string, what: string): UpstreamUnavailable =>
  new UpstreamUnavailable({ message: `${upstream} ${what}` })

export interface Call {
  readonly method: "GET" | "POST"
  readonly url: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: unknown
}

/** The call's status and JSON body (undefined when the body is not JSON). */
export const call = (upstream: string, request: Call): Effect.Effect<Answer, UpstreamUnavailable> =>
  Effect.tryPromise({
    try: async (signal) => {
      const response = await fetch(request.url, {
        method: request.method,
        headers: {
          accept: "application/json",
          ...(request.body === undefined ? {} : { "content-type": "application/json" }),
          ...request.headers
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMillis)])
      })
      const text = await response.text()
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        // Not JSON: the caller decodes `undefined` and reports an unreadable answer.
        body = undefined
      }
      return { status: response.status, body }
    },
    catch: () => unavailable(upstream, "could not be reached")
  })

/** `value` as `schema`, or an UpstreamUnavailable saying the provider answered garbage. */
export const decode = <S extends Schema.Decoder<unknown>>(schema: S, upstream: string, value: unknown): Effect.Effect<S["Type"], UpstreamUnavailable> =>
  Effect.mapError(Schema.decodeUnknownEffect(schema)(value), () => unavailable(upstream, "answered something unreadable"))

/** A 200 decoded as `schema`; any other status is the provider refusing `what`. */
export const expectOk = <S extends Schema.Decoder<unknown>>(schema: S, upstream: string, what: string) => (answer: Answer) =>
  answer.status === 200 ? decode(schema, upstream, answer.body) : Effect.fail(unavailable(upstream, `refused ${what} (${answer.status})`))
