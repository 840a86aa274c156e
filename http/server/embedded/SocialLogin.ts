/**
 * Social login on our server (http/api/SocialApi.ts): starting an attempt, the provider's callback, and
 * the frame collecting the outcome.
 *
 * - `start` checks the provider is configured and `returnTo` is on one of the project's allowed origins,
 *   makes the attempt's secrets (PKCE verifier, state, nonce for OpenID providers, the poll secret), stores
 *   the attempt and answers the authorization URL. The verifier and the nonce never leave the server.
 * - `callback` finds the pending attempt by its state (a state that names none is refused before anything
 *   else happens), records a provider's refusal, or exchanges the code and verifies the answer
 *   (SocialClients.ts) and keeps who signed in on the attempt with the digest of a fresh completion code,
 *   which it hands to the browser that came back (the popup's page, or `returnTo`'s query).
 * - `complete` waits up to 25 s for the provider's answer, for the holder of the poll secret (compared in
 *   constant time); with the completion code too, it signs the visitor in (Visitors.signInWithSocial)
 *   and answers the grant, once. The poll secret stays in the frame that started the attempt and the
 *   completion code reaches only the browser the provider sent back: a link started by one browser and
 *   opened by another signs nobody in, and no grant waits in the database.
 *
 * The redirect URI is `ServerOptions.embedded.publicUrl` + the callback path: never a request's Host.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as client from "openid-client"
import * as SocialProvider from "../../../core/SocialProvider.ts"
import { BadRequest, NotFound, UpstreamUnavailable } from "../../api/ApiError.ts"
import {
  callbackPath,
  completionParameter,
  PollSecretRefused,
  returnParameter,
  SocialSignInFailed,
  type SocialCompletion,
  type SocialStarted,
  type SocialStartRequest
} from "../../api/SocialApi.ts"
import type { Database } from "../Database.ts"
import type * as ProjectDirectory from "../ProjectDirectory.ts"
import * as AnyOrigin from "./AnyOrigin.ts"
import { polledAttempt } from "./PolledAttempt.ts"
import { digest, randomId, randomToken } from "./Secrets.ts"
import * as SocialAttempts from "./SocialAttempts.ts"
import * as SocialClients from "./SocialClients.ts"
import type { SocialOptions } from "./SocialOptions.ts"
import { Visitors } from "./Visitors.ts"

/** The longest one `complete` call waits before answering `pending`. */
export const longPollMillis = 25_000
const pollIntervalMillis = 250

/** Where `callback` sends the browser: the popup's page, or back to the site (redirect mode). */
export type CallbackOutcome =
  | { readonly mode: "popup"; readonly outcome: "signedIn" | "failed"; readonly completion?: { readonly attemptId: string; readonly code: string } }
  | { readonly mode: "redirect"; readonly location: string }

export class SocialLogin extends Context.Service<SocialLogin, {
  readonly start: (projectId: string, request: SocialStartRequest) => Effect.Effect<SocialStarted, BadRequest | UpstreamUnavailable>
  /** `query`: the callback's query string as the provider sent it. */
  readonly callback: (query: URLSearchParams) => Effect.Effect<CallbackOutcome, BadRequest>
  readonly complete: (
    projectId: string,
    request: { readonly attemptId: string; readonly pollSecret: string; readonly completionCode?: string }
  ) => Effect.Effect<SocialCompletion, NotFound | PollSecretRefused | SocialSignInFailed>
}>()("portico/http/server/embedded/SocialLogin") {}

export interface SocialLoginOptions {
  readonly attempts: SocialAttempts.SocialAttempts
  /** The configured providers' clients. */
  readonly clients: ReadonlyMap<SocialProvider.SocialProvider, SocialClients.SocialClient>
  readonly projects: ProjectDirectory.ProjectDirectory
  readonly visitors: Visitors["Service"]
  /** `<publicUrl>/v1/embedded/social/callback`, registered at every provider. */
  readonly redirectUri: string
  readonly clock: Clock.Clock
  /** Whether the server is stopping (GracefulStop.ts): a long poll then answers `pending` at once, and is asked again elsewhere. */
  readonly stopping: () => boolean
}

const badRequest = (message: string) => new BadRequest({ message })

const unsupported = (provider: string, why: string) =>
  badRequest(`provider: ${new SocialProvider.UnsupportedSocialProviderError({ provider }).message} (${why})`)

/** A page to come back to: an absolute http(s) URL without credentials, on one of the project's listed origins. */
const checkReturnTo = (projects: ProjectDirectory.ProjectDirectory, projectId: string, returnTo: string): Effect.Effect<URL, BadRequest> => {
  let url: URL
  try {
    url = new URL(returnTo)
  } catch {
    return Effect.fail(badRequest("returnTo: not an absolute URL"))
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username !== "" || url.password !== "") {
    return Effect.fail(badRequest("returnTo: must be an http(s) URL without credentials"))
  }
  const project = projects.get(projectId)
  // A `*` project sends browsers back to pages on this machine only: never an open redirect (AnyOrigin.ts).
  return project !== undefined && AnyOrigin.admitsReturn(project.allowedOrigins, url)
    ? Effect.succeed(url)
    : Effect.fail(badRequest("returnTo: its origin is not one of the project's allowed origins"))
}

const notFound = () => new NotFound({ message: "attemptId: no such sign-in attempt (unknown, collected or expired)" })

const signInFailed = (reason: SocialAttempts.FailureReason, detail: string) =>
  new SocialSignInFailed({
    reason,
    message: `${reason === "denied" ? "The sign-in was declined at the provider" : "The sign-in with the provider failed"}: ${detail}`
  })

export const make = (options: SocialLoginOptions): SocialLogin["Service"] => {
  const { attempts, clients, clock } = options
  const now = Effect.map(clock.currentTimeMillis, (millis) => new Date(millis))

  const start = (projectId: string, request: SocialStartRequest) =>
    Effect.gen(function*() {
      const provider = yield* SocialProvider.validate(request.provider).pipe(
        Effect.mapError(() => unsupported(request.provider, "not a social provider Portico knows"))
      )
      const socialClient = clients.get(provider)
      if (socialClient === undefined) return yield* unsupported(provider, "not configured on this server")
      const returnTo = yield* checkReturnTo(options.projects, projectId, request.returnTo)
      const checks: SocialClients.AuthorizationChecks = {
        state: client.randomState(),
        codeVerifier: client.randomPKCECodeVerifier(),
        nonce: socialClient.usesNonce ? client.randomNonce() : undefined
      }
      const authorizationUrl = yield* socialClient.authorizationUrl({ ...checks, redirectUri: options.redirectUri }).pipe(
        Effect.mapError((error) => new UpstreamUnavailable({ message: error.message }))
      )
      const attemptId = randomId()
      const pollSecret = randomToken()
      yield* attempts.create({
        id: attemptId,
        projectId,
        deviceId: request.deviceId,
        provider,
        mode: request.mode,
        returnTo: returnTo.href,
        stateDigest: digest(checks.state),
        pollSecretDigest: digest(pollSecret),
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        createdAt: yield* now
      })
      return { authorizationUrl: authorizationUrl.href, attemptId, pollSecret }
    })

  /** Exchanges the code and verifies who signed in; the attempt ends `verified` (with its completion code) or `failed`. */
  const finish = (attempt: SocialAttempts.ClaimedAttempt, query: URLSearchParams) =>
    Effect.gen(function*() {
      const providerError = query.get("error")
      if (providerError !== null) {
        yield* attempts.fail(attempt.id, providerError === "access_denied" ? "denied" : "failed", `the provider answered ${providerError.slice(0, 100)}`)
        return undefined
      }
      const socialClient = clients.get(attempt.provider)
      if (socialClient === undefined) {
        yield* attempts.fail(attempt.id, "failed", `${attempt.provider} is no longer configured on this server`)
        return undefined
      }
      const callbackUrl = new URL(options.redirectUri)
      callbackUrl.search = query.toString()
      const identity = yield* Effect.result(socialClient.identify(callbackUrl, {
        state: query.get("state") ?? "",
        codeVerifier: attempt.code_verifier,
        nonce: attempt.nonce ?? undefined
      }))
      if (Result.isFailure(identity)) {
        yield* attempts.fail(attempt.id, "failed", identity.failure.message)
        return undefined
      }
      const code = randomToken()
      yield* attempts.verify(attempt.id, {
        subject: identity.success.subject,
        email: identity.success.email,
        userName: identity.success.userName
      }, digest(code))
      return code
    }).pipe(
      // A failure of our own (the database) ends the attempt too, so the frame's poll learns of it.
      Effect.onError(() => attempts.fail(attempt.id, "failed", "the server could not complete the sign-in"))
    )

  const callback = (query: URLSearchParams) =>
    Effect.gen(function*() {
      const state = query.get("state")
      if (state === null || state === "") return yield* badRequest("state: the provider's answer carries no state")
      const attempt = yield* attempts.claim(digest(state), yield* now)
      if (attempt === undefined) return yield* badRequest("state: no sign-in is waiting for this answer (unknown, already answered or expired)")
      const code = yield* finish(attempt, query)
      if (attempt.mode === "popup") {
        return code === undefined
          ? { mode: "popup", outcome: "failed" } as const
          : { mode: "popup", outcome: "signedIn", completion: { attemptId: attempt.id, code } } as const
      }
      const location = new URL(attempt.return_to)
      location.searchParams.set(returnParameter, attempt.id)
      if (code !== undefined) location.searchParams.set(completionParameter, code)
      return { mode: "redirect", location: location.href } as const
    })

  /** Signs in whoever the verified attempt names, once: the completion code must be the one the callback gave. */
  const redeem = (projectId: string, attemptId: string, completionCode: string, at: Date) =>
    Effect.gen(function*() {
      const verified = yield* attempts.redeem(projectId, attemptId, digest(completionCode), at)
      if (verified === undefined) {
        return yield* new PollSecretRefused({ message: "completionCode: not the code the provider's answer brought to this browser" })
      }
      const grant = yield* options.visitors.signInWithSocial({
        projectId: verified.project_id,
        deviceId: verified.device_id,
        provider: verified.provider,
        subject: verified.subject,
        ...(verified.email === null ? {} : { email: verified.email }),
        ...(verified.user_name === null ? {} : { userName: verified.user_name })
      })
      const userName = verified.user_name ?? verified.email ?? undefined
      return { status: "signedIn", grant, ...(userName === undefined ? {} : { userName: userName.slice(0, 200) }) } as const
    })

  const waitForOutcome = (
    projectId: string,
    request: { readonly attemptId: string; readonly completionCode?: string },
    deadline: number
  ): Effect.Effect<SocialCompletion, NotFound | PollSecretRefused | SocialSignInFailed> =>
    Effect.gen(function*() {
      const at = yield* now
      const attempt = yield* attempts.find(projectId, request.attemptId, at)
      if (attempt === undefined) return yield* notFound()
      if (attempt.status === "failed") {
        const failure = yield* attempts.collectFailure(projectId, request.attemptId, at)
        // Collected by another call meanwhile.
        if (failure === undefined) return yield* notFound()
        return yield* signInFailed(failure.reason, failure.message)
      }
      if (attempt.status === "verified") {
        return request.completionCode === undefined
          ? { status: "verified" } as const
          : yield* redeem(projectId, request.attemptId, request.completionCode, at)
      }
      if (at.getTime() >= deadline || options.stopping()) return { status: "pending" } as const
      yield* Effect.sleep(pollIntervalMillis)
      return yield* waitForOutcome(projectId, request, deadline)
    })

  const complete = (projectId: string, request: { readonly attemptId: string; readonly pollSecret: string; readonly completionCode?: string }) =>
    Effect.gen(function*() {
      const at = yield* now
      yield* polledAttempt(attempts.find(projectId, request.attemptId, at), request.pollSecret, notFound)
      return yield* waitForOutcome(projectId, request, at.getTime() + longPollMillis)
    })

  return SocialLogin.of({ start, callback, complete })
}

/**
 * The service for `ServerOptions.embedded`: one client per configured provider (a misconfigured one stops
 * the server from starting), over the server's database, the project directory and the Visitors service.
 */
export const layer = (
  db: Database,
  embedded: { readonly publicUrl: string; readonly social?: SocialOptions },
  projects: ProjectDirectory.ProjectDirectory,
  clock: Clock.Clock,
  stopping: () => boolean
): Layer.Layer<SocialLogin, never, Visitors> => {
  const clients = new Map(
    Object.entries(embedded.social ?? {}).flatMap(([provider, providerOptions]) =>
      SocialProvider.isSocialProvider(provider) && providerOptions !== undefined ? [[provider, SocialClients.make(provider, providerOptions)] as const] : []
    )
  )
  return Layer.effect(
    SocialLogin,
    Effect.gen(function*() {
      return make({
        attempts: SocialAttempts.make(db),
        clients,
        projects,
        visitors: yield* Visitors,
        redirectUri: new URL(`${embedded.publicUrl.replace(/\/+$/, "")}${callbackPath}`).href,
        clock,
        stopping
      })
    })
  )
}
