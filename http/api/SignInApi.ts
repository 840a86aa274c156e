/**
 * Sign-in with a wallet on our server (issue 12): a single-use nonce, then the signed message is
 * verified strictly (core/signin/SignInVerification.ts) for the calling page's origin and kept as a
 * session the page can confirm and revoke. A session's id is the SHA-256 of its signature, so the
 * page holding the signature can name it and nobody else can guess it.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { SignInRejectionReason } from "../../core/signin/SignInRejection.ts"
import { BadRequest, NotFound, RateLimited } from "./ApiError.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"

export class SignInNonce extends Schema.Class<SignInNonce>("SignInNonce")({
  nonce: Schema.String,
  /** RFC 3339; the nonce is refused after it. */
  expiresAt: Schema.String
}) {}

export const SignInRequest = Schema.Struct({
  message: Schema.String.check(Schema.isMaxLength(4096)),
  signature: Schema.String.check(Schema.isMaxLength(8192))
})

export class SignInRecord extends Schema.Class<SignInRecord>("SignInRecord")({
  id: Schema.String,
  chainId: Schema.String,
  address: Schema.String,
  issuedAt: Schema.String,
  expiresAt: Schema.String
}) {}

export class SignInRevoked extends Schema.Class<SignInRevoked>("SignInRevoked")({
  revoked: Schema.Boolean
}) {}

/** 401: the sign-in is not proven valid; `reason` names the check it failed. */
export class SignInRefused extends Schema.TaggedError<SignInRefused>()(
  "SignInRefused",
  { reason: SignInRejectionReason, message: Schema.String },
  { httpApiStatus: 401 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 401
  }
}

const SessionId = Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/))

export class SignInApi extends HttpApiGroup.make("signIn")
  .add(
    /** 429 while the project holds as many outstanding nonces as it may (SignInStore.ts). */
    HttpApiEndpoint.post("nonce", "/v1/siwx/nonce", {
      query: SdkQuery,
      success: SignInNonce,
      error: [BadRequest, RateLimited]
    }),
    HttpApiEndpoint.post("addSession", "/v1/siwx/sessions", {
      query: SdkQuery,
      payload: SignInRequest,
      success: SignInRecord,
      error: [BadRequest, SignInRefused]
    }),
    HttpApiEndpoint.get("session", "/v1/siwx/sessions/:id", {
      params: { id: SessionId },
      query: SdkQuery,
      success: SignInRecord,
      error: [BadRequest, NotFound]
    }),
    HttpApiEndpoint.delete("revokeSession", "/v1/siwx/sessions/:id", {
      params: { id: SessionId },
      query: SdkQuery,
      success: SignInRevoked,
      error: [BadRequest]
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
{}
