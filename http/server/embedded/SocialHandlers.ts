/**
 * The social login endpoints (http/api/SocialApi.ts) over the SocialLogin service, which exists only when
 * `ServerOptions.embedded` is set; without it every endpoint answers 501.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { NotImplemented } from "../../api/ApiError.ts"
import { PorticoApi } from "../../api/PorticoApi.ts"
import { CurrentProject } from "../../api/ProjectGuard.ts"
import * as SocialDonePage from "./SocialDonePage.ts"
import { SocialLogin } from "./SocialLogin.ts"

const script = () => Effect.succeed(SocialDonePage.script)

const notConfigured = () => Effect.fail(new NotImplemented({ message: "The embedded wallet is not configured on this server (ServerOptions.embedded)" }))

export const SocialHandlers = HttpApiBuilder.group(PorticoApi, "embeddedSocial", (handlers) =>
  Effect.gen(function*() {
    const found = yield* Effect.serviceOption(SocialLogin)
    if (Option.isNone(found)) return handlers.handle("start", notConfigured).handle("complete", notConfigured)
    const social = found.value
    return handlers
      .handle("start", ({ payload }) => Effect.flatMap(Effect.service(CurrentProject), (project) => social.start(project.projectId, payload)))
      .handle("complete", ({ payload }) => Effect.flatMap(Effect.service(CurrentProject), (project) => social.complete(project.projectId, payload)))
  }))

export const SocialCallbackHandlers = HttpApiBuilder.group(PorticoApi, "embeddedSocialCallback", (handlers) =>
  Effect.gen(function*() {
    const found = yield* Effect.serviceOption(SocialLogin)
    if (Option.isNone(found)) return handlers.handle("callback", notConfigured).handle("popupScript", script)
    const social = found.value
    return handlers
      .handle("callback", () =>
        Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          // The query as the provider sent it: every parameter goes to the checks (`iss` among them), not only the declared ones.
          const outcome = yield* social.callback(new URL(request.url, "http://portico.invalid").searchParams)
          return outcome.mode === "redirect"
            ? HttpServerResponse.redirect(outcome.location, { status: 303, headers: SocialDonePage.callbackHeaders })
            : SocialDonePage.response(outcome.outcome, request.headers["accept-language"], outcome.completion)
        }))
      .handle("popupScript", script)
  }))
