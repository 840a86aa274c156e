/**
 * The base URL of image links in answers: the configured public URL when the server sits behind a
 * proxy, else the Host the client reached us on (when it is a plain host[:port]), else our own address.
 */
import * as Effect from "effect/Effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type { ServerContext } from "./ServerContext.ts"

const plainHost = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

export const requestBase = (context: ServerContext["Service"]) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    if (context.publicUrl !== undefined) return context.publicUrl
    const host = request.headers["host"]
    return host !== undefined && plainHost.test(host) ? `http://${host}` : context.ownUrl()
  })
