/**
 * Social login for the embedded wallet (docs/embedded-wallet.md "Social login"): OAuth 2.0 / OpenID
 * Connect with PKCE (S256), state, and a nonce for OpenID providers, run by our server.
 *
 * The frame starts an attempt (`start`) and opens the authorization URL in a popup, or sends the page
 * there (redirect). The provider sends the browser back to `callback` on our server, which exchanges the
 * code, verifies the answer, signs the visitor in and keeps the session grant on the attempt. The frame
 * collects it with `complete` (a long poll), proving it started the attempt with the poll secret it got;
 * the grant goes out once, and never through a URL.
 *
 * The callback and the popup page's script are reached by a browser sent by the provider, without the
 * project's query: they have their own group, without the project guard. Without `ServerOptions.embedded`
 * every endpoint answers 501; a provider it does not configure is a 400 naming `provider`.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { BadRequest, NotFound, NotImplemented, UpstreamUnavailable } from "./ApiError.ts"
import { DeviceId, Html, Id, SessionGrant } from "./EmbeddedApi.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"

export const callbackPath = "/v1/embedded/social/callback"
export const popupScriptPath = "/v1/embedded/social/done.js"
/** The query parameter `callback` adds to `returnTo` in redirect mode: the attempt's id, nothing secret. */
export const returnParameter = "portico_social"

export const SocialMode = Schema.Literals(["popup", "redirect"])
export type SocialMode = typeof SocialMode.Type

/** 256 random bits, base64url without padding. */
export const PollSecret = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{43}$/))

export const SocialStartRequest = Schema.Struct({
  /** One of core's SocialProvider names that this server is configured for (else 400 naming `provider`). */
  provider: Schema.String.check(Schema.isMaxLength(40)),
  mode: SocialMode,
  /** The page to come back to in redirect mode; its origin must be one of the project's allowed origins. */
  returnTo: Schema.String.check(Schema.isMaxLength(2000)),
  deviceId: DeviceId
})
export type SocialStartRequest = typeof SocialStartRequest.Type

export const SocialStarted = Schema.Struct({
  /** Where the popup (or the page) goes: the provider's authorization endpoint with the request. */
  authorizationUrl: Schema.String.check(Schema.isMaxLength(4000)),
  attemptId: Id,
  /** Kept by the frame, never put in a URL: `complete` needs it. */
  pollSecret: PollSecret
})
export type SocialStarted = typeof SocialStarted.Type

export const SocialCompleteRequest = Schema.Struct({ attemptId: Id, pollSecret: PollSecret })

/** `pending` when the wait (25 s) ran out before the provider answered: ask again. */
export const SocialCompletion = Schema.Union([
  Schema.Struct({ status: Schema.Literal("pending") }),
  Schema.Struct({
    status: Schema.Literal("signedIn"),
    grant: SessionGrant,
    userName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200)))
  })
])
export type SocialCompletion = typeof SocialCompletion.Type

/**
 * 401: the social login did not sign the visitor in. `denied`: the visitor (or the provider) declined at
 * the provider; `failed`: the provider's answer did not pass our checks (state, PKCE, nonce, ID token,
 * userinfo) or the provider could not be reached. The attempt is gone: start again.
 */
export class SocialSignInFailed extends Schema.TaggedError<SocialSignInFailed>()(
  "SocialSignInFailed",
  { message: Schema.String, reason: Schema.Literals(["denied", "failed"]) },
  { httpApiStatus: 401 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 401
  }
}

/** 401: the poll secret is not the one `start` gave for this attempt. */
export class PollSecretRefused extends Schema.TaggedError<PollSecretRefused>()(
  "PollSecretRefused",
  { message: Schema.String },
  { httpApiStatus: 401 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 401
  }
}

export class SocialApi extends HttpApiGroup.make("embeddedSocial")
  .add(
    HttpApiEndpoint.post("start", "/v1/embedded/social/start", {
      query: SdkQuery,
      payload: SocialStartRequest,
      success: SocialStarted,
      error: [BadRequest, NotImplemented, UpstreamUnavailable]
    }),
    /** Long poll (≤ 25 s): the grant once the provider answered, then the attempt is gone. */
    HttpApiEndpoint.post("complete", "/v1/embedded/social/complete", {
      query: SdkQuery,
      payload: SocialCompleteRequest,
      success: SocialCompletion,
      error: [BadRequest, NotImplemented, NotFound, PollSecretRefused, SocialSignInFailed]
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
{}

const Text = (maxLength: number) => Schema.optionalKey(Schema.String.check(Schema.isMaxLength(maxLength)))

/** What the provider sends back (RFC 6749 §4.1.2, RFC 9207's `iss`); other parameters are passed on to the checks as they came. */
export const CallbackQuery = {
  code: Text(2048),
  state: Text(256),
  iss: Text(2048),
  error: Text(256),
  error_description: Text(2048)
} as const

/** The popup's script, a file of our origin so the page's policy allows no inline script. */
export const JavaScript = Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/javascript; charset=utf-8" }))

export class SocialCallbackApi extends HttpApiGroup.make("embeddedSocialCallback")
  .add(
    /** Popup mode: a page that says the sign-in finished and closes itself. Redirect mode: 303 to `returnTo`. */
    HttpApiEndpoint.get("callback", callbackPath, {
      query: CallbackQuery,
      success: [Html, HttpApiSchema.Empty(303)],
      error: [BadRequest, NotImplemented]
    }),
    HttpApiEndpoint.get("popupScript", popupScriptPath, {
      success: JavaScript
    })
  )
  .middleware(InputErrors)
{}
