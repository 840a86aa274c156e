/**
 * Sign In With Farcaster on our server (http/api/FarcasterApi.ts), as the app of a Farcaster Auth relay.
 *
 * - `start` opens a relay channel for this server's own domain and URI (`ServerOptions.embedded.publicUrl`),
 *   with a fresh nonce and an expiration as long as the attempt lives, and keeps the attempt: the channel
 *   token (the server polls with it), the nonce, the digest of the poll secret it hands to the frame.
 * - `complete` waits up to 25 s for the visitor's approval, for the holder of the poll secret (compared in
 *   constant time): it polls the relay, checks what the Farcaster client signed (FarcasterVerifier.ts) and
 *   signs in the visitor of that fid, once. A refused message or an expired channel ends the attempt.
 */
import type * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { NotFound, UpstreamUnavailable } from "../../api/ApiError.ts"
import { FarcasterSignInFailed, type FarcasterCompletion, type FarcasterStarted } from "../../api/FarcasterApi.ts"
import { PollSecretRefused } from "../../api/SocialApi.ts"
import type { Database } from "../Database.ts"
import * as FarcasterAttempts from "./FarcasterAttempts.ts"
import type { FarcasterOptions } from "./FarcasterOptions.ts"
import * as FarcasterRelay from "./FarcasterRelay.ts"
import * as FarcasterVerifier from "./FarcasterVerifier.ts"
import { polledAttempt } from "./PolledAttempt.ts"
import { digest, randomId, randomToken } from "./Secrets.ts"
import { Visitors } from "./Visitors.ts"

/** The longest one `complete` call waits before answering `pending`. */
export const longPollMillis = 25_000
/** How often the relay is asked while the visitor has not approved (the auth client's default is 1.5 s). */
export const relayPollMillis = 1_000

export class FarcasterLogin extends Context.Service<FarcasterLogin, {
  readonly start: (projectId: string, request: { readonly deviceId: string }) => Effect.Effect<FarcasterStarted, UpstreamUnavailable>
  readonly complete: (
    projectId: string,
    request: { readonly attemptId: string; readonly pollSecret: string }
  ) => Effect.Effect<FarcasterCompletion, NotFound | PollSecretRefused | FarcasterSignInFailed | UpstreamUnavailable>
}>()("portico/http/server/embedded/FarcasterLogin") {}

export interface FarcasterLoginOptions {
  readonly attempts: FarcasterAttempts.FarcasterAttempts
  readonly relay: FarcasterRelay.FarcasterRelay
  readonly verifier: FarcasterVerifier.FarcasterVerifier
  readonly visitors: Visitors["Service"]
  /** The server's public URL: the message's domain is its host, its URI its origin. */
  readonly publicUrl: string
  readonly clock: Clock.Clock
  /** Whether the server is stopping (GracefulStop.ts): a long poll then answers `pending` at once. */
  readonly stopping: () => boolean
}

const notFound = () => new NotFound({ message: "attemptId: no such Farcaster sign-in (unknown, finished or expired)" })

export const make = (options: FarcasterLoginOptions): FarcasterLogin["Service"] => {
  const { attempts, relay, clock } = options
  const site = new URL(options.publicUrl)
  const now = Effect.map(clock.currentTimeMillis, (millis) => new Date(millis))

  const start = (projectId: string, request: { readonly deviceId: string }) =>
    Effect.gen(function*() {
      const createdAt = yield* now
      // Hex: FIP-11 nonces are alphanumeric, at least 8 characters.
      const nonce = randomId()
      const channel = yield* relay.open({
        siweUri: site.origin,
        domain: site.host,
        nonce,
        expirationTime: FarcasterAttempts.expiryOf(createdAt).toISOString()
      })
      if (channel.nonce !== nonce) return yield* new UpstreamUnavailable({ message: "The Farcaster Auth relay opened a channel with another nonce" })
      const attemptId = randomId()
      const pollSecret = randomToken()
      yield* attempts.create({ id: attemptId, projectId, deviceId: request.deviceId, channelToken: channel.channelToken, nonce, pollSecretDigest: digest(pollSecret), createdAt })
      return { url: channel.url, attemptId, pollSecret }
    })

  /** Ends the attempt with `error`: whoever asks next learns it is gone. */
  const refuse = (projectId: string, attemptId: string, error: FarcasterSignInFailed) => Effect.andThen(attempts.take(projectId, attemptId), Effect.fail(error))

  const signIn = (projectId: string, attemptId: string, attempt: FarcasterAttempts.AttemptRow, answer: FarcasterRelay.ChannelStatus & { readonly state: "completed" }) =>
    Effect.gen(function*() {
      const at = yield* now
      const checked = yield* Effect.result(options.verifier.verify(answer, { domain: site.host, uri: site.origin, nonce: attempt.nonce, fid: answer.fid }, at.getTime()))
      if (Result.isFailure(checked)) {
        const { reason, message } = checked.failure
        return yield* refuse(projectId, attemptId, new FarcasterSignInFailed({ reason, message: `The Farcaster sign-in was refused: ${message}` }))
      }
      // Taken once: a second poll that saw the same answer signs nobody in.
      if (!(yield* attempts.take(projectId, attemptId))) return yield* notFound()
      const userName = answer.username ?? answer.displayName
      const grant = yield* options.visitors.signInWithSocial({
        projectId,
        deviceId: attempt.device_id,
        provider: "farcaster",
        subject: String(checked.success.fid),
        ...(userName === undefined ? {} : { userName })
      })
      return { status: "signedIn", grant, fid: checked.success.fid, ...(userName === undefined ? {} : { userName }) } as const
    })

  const waitForApproval = (
    projectId: string,
    attemptId: string,
    attempt: FarcasterAttempts.AttemptRow,
    deadline: number
  ): Effect.Effect<FarcasterCompletion, NotFound | FarcasterSignInFailed | UpstreamUnavailable> =>
    Effect.gen(function*() {
      const status = yield* relay.status(attempt.channel_token)
      if (status === undefined) {
        return yield* refuse(projectId, attemptId, new FarcasterSignInFailed({ reason: "channelExpired", message: "The Farcaster sign-in expired at the relay" }))
      }
      if (status.state === "completed") return yield* signIn(projectId, attemptId, attempt, status)
      if ((yield* clock.currentTimeMillis) + relayPollMillis >= deadline || options.stopping()) return { status: "pending" } as const
      yield* Effect.sleep(relayPollMillis)
      return yield* waitForApproval(projectId, attemptId, attempt, deadline)
    })

  const complete = (projectId: string, request: { readonly attemptId: string; readonly pollSecret: string }) =>
    Effect.gen(function*() {
      const at = yield* now
      const attempt = yield* polledAttempt(attempts.find(projectId, request.attemptId, at), request.pollSecret, notFound)
      return yield* waitForApproval(projectId, request.attemptId, attempt, at.getTime() + longPollMillis)
    })

  return FarcasterLogin.of({ start, complete })
}

/** The service for `ServerOptions.embedded.farcaster`, over the server's database and the Visitors service. */
export const layer = (
  db: Database,
  embedded: { readonly publicUrl: string; readonly farcaster: FarcasterOptions },
  clock: Clock.Clock,
  stopping: () => boolean
): Layer.Layer<FarcasterLogin, never, Visitors> =>
  Layer.effect(
    FarcasterLogin,
    Effect.map(Effect.service(Visitors), (visitors) =>
      make({
        attempts: FarcasterAttempts.make(db),
        relay: FarcasterRelay.make(embedded.farcaster.relayUrl),
        verifier: FarcasterVerifier.make(embedded.farcaster.idRegistry),
        visitors,
        publicUrl: embedded.publicUrl,
        clock,
        stopping
      }))
  )
