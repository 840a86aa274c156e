/**
 * Social login for the embedded wallet (docs/embedded-wallet.md "Social login"): OAuth 2.0 / OpenID
 * Connect with PKCE (S256), state, and a nonce for OpenID providers, run by our server.
 *
 * The frame starts an attempt (`start`) and opens the authorization URL in a popup, or sends the page
 * there (redirect). The provider sends the browser back to `callback` on our server, which exchanges the
 * code, verifies the answer and keeps who signed in on the attempt with a one-time completion code for
 * the browser that came back: the popup's page posts it to the wallet's frames of the page that opened it
 * (its own origin only), redirect mode adds it to `returnTo`. The frame completes with `complete`,
 * proving with the poll secret that it started the attempt and with the completion code that the
 * provider's answer came back to its browser: only then is the visitor signed in, and the grant goes out
 * in that answer, once, never through a URL and never kept. A provider link started in one browser and
 * opened in another signs nobody in.
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
import { WalletOriginGuard } from "./WalletOriginGuard.ts"

export const callbackPath = "/v1/embedded/social/callback"
export const popupScriptPath = "/v1/embedded/social/done.js"
/** The query parameter `callback` adds to `returnTo` in redirect mode: the attempt's id. */
export const returnParameter = "portico_social"
/** The one beside it: the attempt's completion code, for the frame of the page it returns to. */
export const completionParameter = "portico_social_code"
/** What the popup's page posts to the wallet's frames of its opener: `{ type, attemptId, completionCode }`. */
export const completionMessageType = "portico-social-completion"

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

/** 256 random bits, base64url without padding: handed to the browser the provider sent back. */
export const CompletionCode = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{43}$/))

/** The message the popup's page posts to the wallet's frames (its own origin). */
export const CompletionMessage = Schema.Struct({ type: Schema.Literal(completionMessageType), attemptId: Id, completionCode: CompletionCode })

export const SocialCompleteRequest = Schema.Struct({ attemptId: Id, pollSecret: PollSecret, completionCode: Schema.optionalKey(CompletionCode) })

/**
 * `pending` when the wait (25 s) ran out before the provider answered: ask again; `verified` when it
 * answered and the call brought no completion code: ask again with the one the browser received.
 */
export const SocialCompletion = Schema.Union([
  Schema.Struct({ status: Schema.Literals(["pending", "verified"]) }),
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

/** 401: the poll secret is not the one `start` gave for this attempt, or the completion code not the one `callback` gave. */
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
    /** Long poll (≤ 25 s) until the provider answered; with the completion code, the grant, then the attempt is gone. */
    HttpApiEndpoint.post("complete", "/v1/embedded/social/complete", {
      query: SdkQuery,
      payload: SocialCompleteRequest,
      success: SocialCompletion,
      error: [BadRequest, NotImplemented, NotFound, PollSecretRefused, SocialSignInFailed]
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
  .middleware(WalletOriginGuard)
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
    /**
     * Popup mode: a page that hands the completion code to the wallet's frames of its opener and closes
     * itself. Redirect mode: 303 to `returnTo` with the attempt's id and completion code.
     */
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
