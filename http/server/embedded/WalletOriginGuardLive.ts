/**
 * The server side of `WalletOriginGuard`: a request is the wallet's own when its Origin is one of this
 * server's origins (ServerAddress.ownOrigins: where the frame and its panels are served), or, for the
 * same-origin GETs a browser sends without an Origin, when the browser says `Sec-Fetch-Site: same-origin`.
 * Anything else — a host page's Origin, `null`, or a request naming no page at all — is 403.
 *
 * These headers are what a browser sends: they stop every page but the wallet's own from using the
 * endpoints in the visitor's browser. A program outside any browser can write them too, which is why
 * nothing here hands out more than a login the visitor proves (their mail, their provider) already grants.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { OriginNotAllowed } from "../../api/ApiError.ts"
import { WalletOriginGuard } from "../../api/WalletOriginGuard.ts"
import { ServerAddress } from "../ServerAddress.ts"

export const refusal = "Unauthorized: only the wallet's own pages may call this endpoint"

/** Is this request from one of the wallet's own pages? */
export const isWalletPage = (headers: Readonly<Record<string, string | undefined>>, ownOrigins: ReadonlyArray<string>): boolean => {
  const origin = headers["origin"]
  if (origin !== undefined) return ownOrigins.includes(origin)
  return headers["sec-fetch-site"] === "same-origin"
}

export const layer = Layer.effect(
  WalletOriginGuard,
  Effect.gen(function*() {
    const address = yield* ServerAddress
    return WalletOriginGuard.of((httpEffect) =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        if (!isWalletPage(request.headers, address.ownOrigins())) return yield* new OriginNotAllowed({ message: refusal })
        return yield* httpEffect
      })
    )
  })
)
