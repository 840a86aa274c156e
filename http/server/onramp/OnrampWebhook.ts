/**
 * `POST /v1/onramp/webhook/{provider}`: where a provider that sends webhooks (MoonPay) reports a purchase.
 * A plain route rather than an HttpApi endpoint: the signature covers the raw body bytes, and the caller is
 * the provider's server, not a project's page (no projectId, no Origin). 204 once verified and recorded
 * (again for a replay); every refusal is JSON naming its tag.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { NotImplemented } from "../../api/ApiError.ts"
import type { OnrampPurchases } from "./Purchases.ts"

export const path = "/v1/onramp/webhook/:provider"

const refusal = (error: { readonly _tag: string; readonly message: string; readonly status: number }) =>
  HttpServerResponse.jsonUnsafe({ _tag: error._tag, message: error.message }, { status: error.status })

/** The route; without onramp providers it answers 501 like the other onramp endpoints. */
export const layer = (purchases: OnrampPurchases | undefined) =>
  HttpRouter.add("POST", path, Effect.gen(function*() {
    if (purchases === undefined) return refusal(new NotImplemented({ message: "Onramp is not served by this server yet" }))
    const request = yield* HttpServerRequest.HttpServerRequest
    const { provider } = yield* HttpRouter.params
    const body = new Uint8Array(yield* request.arrayBuffer)
    const nowSeconds = Math.floor((yield* Clock.currentTimeMillis) / 1000)
    const header = (name: string) => request.headers[name.toLowerCase()]
    return yield* purchases.receive(provider ?? "", { body, header, nowSeconds }).pipe(
      Effect.as(HttpServerResponse.empty({ status: 204 })),
      Effect.catch((error) => Effect.succeed(refusal(error)))
    )
  }))
