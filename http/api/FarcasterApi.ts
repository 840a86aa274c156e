/**
 * Sign In With Farcaster for the embedded wallet (FIP-11), run by our server as the app of a Farcaster Auth
 * relay (docs/embedded-wallet.md "Farcaster").
 *
 * The frame starts an attempt (`start`): the server opens a relay channel for its own domain with a fresh
 * nonce and answers the link the visitor's Farcaster client opens (the modal shows it as a QR code, or opens
 * it on a phone). The frame then waits (`complete`, with the poll secret only it holds): the server polls
 * the relay with the channel token only it holds, checks the signed message strictly (domain, URI, nonce,
 * chain, fid, times, the custody signature, and that the IdRegistry says the signer owns the fid) and signs
 * the visitor in, once; the grant goes out in that answer and is never kept. Without
 * `ServerOptions.embedded.farcaster` every endpoint answers 501.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { SiwfRejectionReason } from "../../core/farcaster/SiwfMessage.ts"
import { BadRequest, NotFound, NotImplemented, UpstreamUnavailable } from "./ApiError.ts"
import { DeviceId, Id, SessionGrant } from "./EmbeddedApi.ts"
import { InputErrors } from "./InputErrors.ts"
import { ProjectGuard } from "./ProjectGuard.ts"
import { SdkQuery } from "./SdkQuery.ts"
import { PollSecret, PollSecretRefused } from "./SocialApi.ts"
import { WalletOriginGuard } from "./WalletOriginGuard.ts"

export const FarcasterStartRequest = Schema.Struct({ deviceId: DeviceId })

export const FarcasterStarted = Schema.Struct({
  /** The Sign In With Farcaster link for the visitor's Farcaster client (a QR code, or opened on a phone). */
  url: Schema.String.check(Schema.isPattern(/^https?:\/\//), Schema.isMaxLength(4000)),
  attemptId: Id,
  /** Kept by the frame, never put in a URL: `complete` needs it. */
  pollSecret: PollSecret
})
export type FarcasterStarted = typeof FarcasterStarted.Type

export const FarcasterCompleteRequest = Schema.Struct({ attemptId: Id, pollSecret: PollSecret })

/** `pending` when the wait (25 s) ran out before the visitor approved in their Farcaster client: ask again. */
export const FarcasterCompletion = Schema.Union([
  Schema.Struct({ status: Schema.Literal("pending") }),
  Schema.Struct({
    status: Schema.Literal("signedIn"),
    grant: SessionGrant,
    fid: Schema.Int,
    userName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200)))
  })
])
export type FarcasterCompletion = typeof FarcasterCompletion.Type

/**
 * 401: the Farcaster sign-in did not sign the visitor in: the signed message failed a check (`reason` names
 * it), or the channel expired at the relay. The attempt is gone: start again.
 */
export class FarcasterSignInFailed extends Schema.TaggedError<FarcasterSignInFailed>()(
  "FarcasterSignInFailed",
  { message: Schema.String, reason: Schema.Union([SiwfRejectionReason, Schema.Literal("channelExpired")]) },
  { httpApiStatus: 401 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 401
  }
}

export class FarcasterApi extends HttpApiGroup.make("embeddedFarcaster")
  .add(
    HttpApiEndpoint.post("start", "/v1/embedded/farcaster/start", {
      query: SdkQuery,
      payload: FarcasterStartRequest,
      success: FarcasterStarted,
      error: [BadRequest, NotImplemented, UpstreamUnavailable]
    }),
    /** Long poll (≤ 25 s) until the visitor approved; then the grant, and the attempt is gone. */
    HttpApiEndpoint.post("complete", "/v1/embedded/farcaster/complete", {
      query: SdkQuery,
      payload: FarcasterCompleteRequest,
      success: FarcasterCompletion,
      error: [BadRequest, NotImplemented, NotFound, PollSecretRefused, FarcasterSignInFailed, UpstreamUnavailable]
    })
  )
  .middleware(InputErrors)
  .middleware(ProjectGuard)
  .middleware(WalletOriginGuard)
{}
