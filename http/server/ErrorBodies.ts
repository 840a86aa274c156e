/**
 * Every error answer is JSON with its tag, those made below our handlers too: a path the router
 * cannot percent-decode (404), a body over the size limit (413) and a body of another media type
 * (415) come from the HTTP layer with a plain or empty body, and a request whose headers are too
 * large (431) or never finish (408) is answered by Node before any handler runs.
 */
import type { Server } from "node:http"
import * as Effect from "effect/Effect"
import * as Cause from "effect/Cause"
import * as Predicate from "effect/Predicate"
import * as HttpServerResponse from "effect/http/HttpServerResponse"

const tags: Readonly<Record<number, { readonly tag: string; readonly message: string }>> = {
  404: { tag: "NotFound", message: "path: no such endpoint" },
  408: { tag: "RequestTimeout", message: "request: the request did not arrive in time" },
  413: { tag: "PayloadTooLarge", message: "payload: larger than this server accepts" },
  415: { tag: "UnsupportedMediaType", message: "content-type: the body must be application/json" },
  431: { tag: "HeadersTooLarge", message: "headers: larger than this server accepts" }
}

const isJson = (response: HttpServerResponse.HttpServerResponse) =>
  (response.headers["content-type"] ?? "").startsWith("application/json")

/** The same answer with a JSON body naming its tag, when the layer below gave it none. */
export const asJson = (response: HttpServerResponse.HttpServerResponse): HttpServerResponse.HttpServerResponse => {
  const known = tags[response.status]
  return known === undefined || isJson(response)
    ? response
    : HttpServerResponse.jsonUnsafe({ _tag: known.tag, message: known.message }, { status: response.status })
}

/** A raw HTTP/1.1 answer for a socket Node gave up on before routing (oversized headers, timeouts). */
const rawAnswer = (status: 408 | 431 | 400): string => {
  const known = tags[status] ?? { tag: "BadRequest", message: "request: malformed HTTP request" }
  const body = JSON.stringify({ _tag: known.tag, message: known.message })
  const reason = status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request"
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\nx-content-type-options: nosniff\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
}

/** Answers Node's client errors in JSON instead of its bare status lines. */
export const answerClientErrors = (server: Server): void => {
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy()
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400
    socket.end(rawAnswer(status))
  })
}

/** Why the HTTP layer refused a request, when it did. */
const reasonOf = (cause: Cause.Cause<unknown>): unknown => {
  const error = Cause.squash(cause)
  return Predicate.hasProperty(error, "reason") ? error.reason : undefined
}

/** A body over MaxBodySize: the HTTP layer raises a parse error that would answer an empty 413. */
const isBodyTooLarge = (cause: Cause.Cause<unknown>): boolean => {
  const reason = reasonOf(cause)
  return Predicate.hasProperty(reason, "reason") && reason.reason === "BodyTooLarge"
}

/** A path the router cannot percent-decode (`%zz`, `%ff`) misses even the catch-all route: an empty 404. */
const isUnroutable = (cause: Cause.Cause<unknown>): boolean => Predicate.isTagged(reasonOf(cause), "RouteNotFound")

/**
 * The wait a 503 asks for while the database is away: 2 to 5 seconds, at random, so that clients
 * turned away together do not all come back in the same instant.
 */
export const retryAfterSeconds = (random: number = Math.random()): number => 2 + Math.floor(random * 4)

/** A defect that is, or wraps (promise adapters keep the rejection as `cause`), a database outage. */
const databaseAway = (cause: Cause.Cause<unknown>): boolean => {
  let error: unknown = Cause.squash(cause)
  for (let depth = 0; depth < 4 && error !== undefined; depth++) {
    if (Predicate.isTagged(error, "DatabaseUnavailableError")) return true
    error = Predicate.hasProperty(error, "cause") ? error.cause : undefined
  }
  return false
}

/** The answers of a handler (and of a path that cannot be routed, a body too large to read, or a database away), each with a JSON body naming its tag. */
export const middleware = <E, R>(httpEffect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  httpEffect.pipe(
    Effect.catchCause((cause) => {
      if (isBodyTooLarge(cause)) return Effect.succeed(HttpServerResponse.empty({ status: 413 }))
      if (isUnroutable(cause)) return Effect.succeed(HttpServerResponse.empty({ status: 404 }))
      if (databaseAway(cause)) {
        return Effect.succeed(HttpServerResponse.jsonUnsafe(
          { _tag: "ServiceUnavailable", message: "database: unreachable, retry later" },
          { status: 503, headers: { "retry-after": String(retryAfterSeconds()) } }
        ))
      }
      return Effect.failCause(cause)
    }),
    Effect.map(asJson)
  )
