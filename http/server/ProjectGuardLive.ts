/**
 * The server side of `ProjectGuard`, and the one reading of the `projectId` (ProjectGuard's security
 * parameter): projectId, st and sv present (else 400 naming it), known projectId (else 401 'Unauthorized: invalid key';
 * past ServerOptions.unknownProjectRateLimit per client, 429 and the connection held), Origin on
 * the project's allowlist (else 403 'Unauthorized: origin not allowed'; requests without an Origin
 * header come from no browser page and pass, and so do the server's own pages, ServerAddress.ownOrigins), then the rate limit per projectId + client address
 * (else 429 with Retry-After in seconds). The admitted project is handed to the handlers as `CurrentProject`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { BadRequest, InvalidProjectId, messages, OriginNotAllowed, RateLimited } from "../api/ApiError.ts"
import { CurrentProject, ProjectGuard, projectIdParameter } from "../api/ProjectGuard.ts"
import * as BodyGuard from "./BodyGuard.ts"
import * as ClientAddress from "./ClientAddress.ts"
import { withJitter } from "./RateLimiter.ts"
import type * as KeptResponses from "./KeptResponses.ts"
import * as ProjectDirectory from "./ProjectDirectory.ts"
import { RateLimits } from "./RateLimits.ts"
import type { Project } from "./Repository.ts"
import { ServerAddress } from "./ServerAddress.ts"
import * as Tarpit from "./Tarpit.ts"

/** Spec section 7: besides the projectId, every call carries the sdk type and the sdk version. */
const required = ["st", "sv"] as const

const encodeRateLimited = Schema.encodeSync(RateLimited)

/** The request's projectId, as ProjectGuard declares it; empty when absent. */
export const projectIdOf: Effect.Effect<string, never, HttpServerRequest.HttpServerRequest | HttpServerRequest.ParsedSearchParams> = Effect.map(
  HttpApiBuilder.securityDecode(projectIdParameter),
  Redacted.value
)

/** Whether `origin` may call for `project`; a page of this server itself (the embedded wallet's frame) calls from the server's own origin. */
const originAdmitted = (ownOrigins: () => ReadonlyArray<string>, project: Project, origin: string | undefined): boolean =>
  origin === undefined || ownOrigins().includes(origin) || ProjectDirectory.allows(project, origin)

/** The rate-limit bucket of a known project's request. */
const rateKey = (projectId: string, client: string): string => `${projectId}|${client}`

const services = Effect.all({
  projects: Effect.service(ProjectDirectory.Projects),
  limits: Effect.service(RateLimits),
  trustedProxies: Effect.service(ClientAddress.TrustedProxies),
  address: Effect.service(ServerAddress)
})

/**
 * The project checks alone (known project, origin allowlist, rate limit), shared by the guard of the
 * HttpApi groups and by the chain RPC endpoint (http/server/ChainRpc.ts), which answers in JSON-RPC.
 * Answers the admitted project.
 */
export const makeAdmission = Effect.gen(function*() {
  const { address, limits, projects, trustedProxies } = yield* services
  return (projectId: string, request: HttpServerRequest.HttpServerRequest): Effect.Effect<Project, InvalidProjectId | OriginNotAllowed | RateLimited> =>
    Effect.gen(function*() {
      const client = ClientAddress.of(request, trustedProxies)
      const now = yield* Clock.currentTimeMillis
      const project = projects.get(projectId)
      if (project === undefined) {
        // Unknown project ids are limited per client too: a flood of them is answered 429, not a stream
        // of 401s, and its connection waits out the Retry-After unread (Tarpit.ts).
        const wait = yield* limits.unknownProject.take(`?|${client}`, now)
        if (wait > 0) {
          const retryAfter = withJitter(wait)
          // Never a trusted proxy's connection: it carries other clients too.
          if (ClientAddress.isDirect(request, trustedProxies)) yield* Tarpit.hold(request, retryAfter)
          return yield* new RateLimited({ message: "Too many requests: retry later", retryAfter })
        }
        return yield* new InvalidProjectId({ message: messages.invalidKey })
      }
      if (!originAdmitted(address.ownOrigins, project, request.headers["origin"])) {
        return yield* new OriginNotAllowed({ message: messages.originNotAllowed })
      }
      const wait = yield* limits.known.take(rateKey(projectId, client), now)
      if (wait > 0) return yield* new RateLimited({ message: "Too many requests: retry later", retryAfter: withJitter(wait) })
      return project
    })
})

/**
 * Takes `cost` more tokens from the bucket of a request `makeAdmission` admitted (a chain RPC batch pays
 * one token per call, the first at its admission). A cost the bucket can never hold is refused as such.
 */
export const makeCharge = Effect.gen(function*() {
  const { limits, trustedProxies } = yield* services
  return (project: Project, request: HttpServerRequest.HttpServerRequest, cost: number): Effect.Effect<void, RateLimited> =>
    Effect.gen(function*() {
      if (cost <= 0) return
      const client = ClientAddress.of(request, trustedProxies)
      const wait = yield* limits.known.take(rateKey(project.projectId, client), yield* Clock.currentTimeMillis, cost)
      if (wait > 0) return yield* new RateLimited({ message: "Too many requests: retry later", retryAfter: withJitter(wait) })
    })
})

/**
 * The same checks for a kept response (KeptResponses.ts), decided at once: the project still configured,
 * the Origin allowed and a token taken. Only where the buckets are in this process (PGlite): with
 * Postgres start.ts keeps no responses, and every request goes through the guard and the shared limiter.
 */
export const makeAdmitAtOnce = Effect.map(services, ({ address, limits, projects, trustedProxies }): KeptResponses.Admit => (projectId, origin, request, now) => {
  const takeNow = limits.known.takeNow
  const project = projects.get(projectId)
  if (takeNow === undefined || project === undefined || !originAdmitted(address.ownOrigins, project, origin)) return false
  return takeNow(rateKey(projectId, ClientAddress.ofIncoming(request, trustedProxies)), now) === 0
})

export const layer = Layer.effect(
  ProjectGuard,
  Effect.gen(function*() {
    const admit = yield* makeAdmission
    return ProjectGuard.of({
      projectId: (httpEffect, { credential }) =>
        Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          const search = yield* HttpServerRequest.ParsedSearchParams
          yield* BodyGuard.check(request)
          const projectId = Redacted.value(credential)
          for (const [key, value] of [["projectId", projectId], ...required.map((name) => [name, search[name]] as const)] as const) {
            if (typeof value !== "string" || value.length === 0) {
              return yield* new BadRequest({ message: `${key}: the ${key} query parameter is required` })
            }
          }
          const admitted = yield* Effect.result(admit(projectId, request))
          if (Result.isFailure(admitted)) {
            const error = admitted.failure
            if (error._tag !== "RateLimited") return yield* error
            // Answered directly so the Retry-After header travels with the typed 429 body.
            return HttpServerResponse.jsonUnsafe(encodeRateLimited(error), { status: 429, headers: { "retry-after": String(error.retryAfter) } })
          }
          return yield* Effect.provideService(httpEffect, CurrentProject, admitted.success)
        })
    })
  })
)
