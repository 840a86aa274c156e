/**
 * Headers on every answer, for an origin that will also serve the embedded wallet's frame: nothing is
 * ever sniffed into another type (an SVG or JSON read as a page), and images (SVG included) can run no
 * script and load nothing even when opened on their own, and are cached long (they change rarely).
 */
import * as Effect from "effect/Effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"

export const imagePolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
export const imageCacheControl = "public, max-age=604800"

export const apply = (response: HttpServerResponse.HttpServerResponse): HttpServerResponse.HttpServerResponse => {
  const nosniff = HttpServerResponse.setHeader(response, "x-content-type-options", "nosniff")
  if (!(response.headers["content-type"] ?? "").startsWith("image/") || response.status !== 200) return nosniff
  return HttpServerResponse.setHeaders(nosniff, { "content-security-policy": imagePolicy, "cache-control": imageCacheControl })
}

export const middleware = <E, R>(httpEffect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) => Effect.map(httpEffect, apply)
