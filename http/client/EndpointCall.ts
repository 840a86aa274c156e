/**
 * One GET endpoint of our contracts called over an HttpClient, everything about it read from its
 * definition in http/api: the path and its params, the query, the success schema, the errors it declares
 * and those of its group's middlewares, each at the status its schema carries. The connect path's reads
 * (the wallet list, balances, identity) use it so that the page does not fetch HttpApiClient's machinery
 * before a feature needs it (issue 30); every other call goes through HttpApiClient (PorticoClient.ts).
 *
 * Answers are decoded as HttpApiClient decodes them, strictly: a 2xx by the success schema (a body that
 * does not decode is a `SchemaError`); a status the contract declares by the errors declared at it (the
 * typed error, or an `HttpClientError` when the body is not one of them); any other status is an
 * `HttpClientError` whose response carries it.
 */
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"

/** A GET endpoint as the contracts define it: its types and what it holds at run time. */
export type Endpoint =
  & HttpApiEndpoint.ConstraintRequest
  & Pick<HttpApiEndpoint.Top, "path" | "params" | "query" | "success" | "error" | "middlewares">
  & { readonly method: "GET" }

/** What a call sends: the endpoint's params and query, as its contract types them (no payload: none can be called). */
export type Request<E extends Endpoint> = [E["~Payload"]] extends [never]
  ? & ([E["~Params"]["Type"]] extends [never] ? {} : { readonly params: E["~Params"]["Type"] })
    & ([E["~Query"]["Type"]] extends [never] ? {} : { readonly query: E["~Query"]["Type"] })
  : never

export type Failure<E extends Endpoint> = HttpApiEndpoint.Errors<E> | HttpClientError.HttpClientError | Schema.SchemaError

/** The call of one endpoint: its success as the contract types it, or one of its failures. */
export type Call<E extends Endpoint> = (request: Request<E>) => Effect.Effect<E["~Success"]["Type"], Failure<E>>

const statusOf = SchemaAST.resolveAt<number>("httpApiStatus")

/** The schemas the group's middlewares answer with (the project guard's refusals, bad input). */
const middlewareErrors = (endpoint: Endpoint): ReadonlyArray<Schema.Top> =>
  [...endpoint.middlewares].flatMap((middleware) =>
    Predicate.hasProperty(middleware, "error") && middleware.error instanceof Set
      ? [...middleware.error].filter(Schema.isSchema).map((schema) => Schema.toCodecJson(schema))
      : [])

/** The JSON decoder of each status the contract declares an answer at (errors default to 500, success to 200). */
const decoders = (endpoint: Endpoint) => {
  const byStatus = new Map<number, Array<Schema.Top>>()
  const add = (fallback: number) => (schema: Schema.Top) => {
    const status = statusOf(schema.ast) ?? fallback
    byStatus.set(status, [...(byStatus.get(status) ?? []), schema])
  }
  endpoint.success.forEach(add(200))
  ;[...endpoint.error, ...middlewareErrors(endpoint)].forEach(add(500))
  return new Map([...byStatus].map(([status, schemas]) => [status, Schema.decodeUnknownEffect(Schema.fromJsonString(Schema.Union(schemas)))]))
}

/** The path with each `:param` filled in; a dot segment would be resolved away by the URL, so it is refused. */
const fillPath = (path: string, params: Readonly<Record<string, unknown>>) => {
  const refused: Array<string> = []
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (typeof value !== "string" || value === "" || value === "." || value === "..") refused.push(name)
    return encodeURIComponent(String(value))
  })
  return { filled, refused }
}

const encoded = (schema: Schema.Top | undefined, value: unknown) =>
  schema === undefined ? Effect.succeed({}) : Effect.map(Schema.encodeUnknownEffect(schema)(value), (record) => Predicate.isObject(record) ? record : {})

/** The call of `endpoint` on `baseUrl` through `httpClient` (the transport: sdk query, timeout, retries). */
export const make = <E extends Endpoint>(endpoint: E, options: { readonly httpClient: HttpClient.HttpClient; readonly baseUrl: string }): Call<E> => {
  const decode = decoders(endpoint)
  const call = Effect.fnUntraced(function*(request: { readonly params?: unknown; readonly query?: unknown }) {
    const params = yield* encoded(endpoint.params, request.params)
    const { filled, refused } = fillPath(endpoint.path, params)
    const base = HttpClientRequest.get(filled)
    if (refused.length > 0) {
      return yield* new HttpClientError.HttpClientError({
        reason: new HttpClientError.EncodeError({ request: base, description: `path parameter not a segment: ${refused.join(", ")}` })
      })
    }
    const query = yield* encoded(endpoint.query, request.query)
    const sent = HttpClientRequest.appendUrlParams(HttpClientRequest.prependUrl(base, options.baseUrl), Object.entries(query).flatMap(queryPairs))
    const response = yield* options.httpClient.execute(sent)
    return yield* answer(response, decode.get(response.status), response.status >= 200 && response.status < 300)
  })
  // The contract's types are the schemas' own: what `decoders` decodes with is typed `Schema.Top` at run time.
  return call as unknown as Call<E>
}

/** An encoded query field as URL pairs: a string, or each string of a list (what query schemas encode to). */
const queryPairs = ([key, value]: [string, unknown]): Array<[string, string]> =>
  typeof value === "string" ? [[key, value]] : Array.isArray(value) ? value.filter(Predicate.isString).map((item) => [key, item]) : []

const answer = (
  response: HttpClientResponse.HttpClientResponse,
  // Typed as the contracts' schemas are at run time (`Schema.Top`); `make`'s result carries their own types.
  decode: ((body: string) => Effect.Effect<unknown, Schema.SchemaError, unknown>) | undefined,
  ok: boolean
) => {
  if (decode === undefined) {
    return Effect.fail(new HttpClientError.HttpClientError({
      reason: new HttpClientError.DecodeError({ request: response.request, response, description: "undeclared status code" })
    }))
  }
  const body = Effect.flatMap(response.text, decode)
  if (ok) return body
  // A declared error: the typed error it decodes to, or the status itself when its body is not one.
  return body.pipe(
    Effect.catch((cause) =>
      Effect.fail(new HttpClientError.HttpClientError({ reason: new HttpClientError.StatusCodeError({ request: response.request, response, cause }) }))),
    Effect.flatMap(Effect.fail)
  )
}
