/**
 * The server side of `ProjectGuard`: projectId, st and sv present (else 400 naming it), known projectId (else 401 'Unauthorized: invalid key';
 * past ServerOptions.unknownProjectRateLimit per client, 429 and the connection held), Origin on
 * the project's allowlist (else 403 'Unauthorized: origin not allowed'; requests without an Origin
 * header come from no browser page and pass, and so do the server's own pages, ServerContext.ownOrigins), then the rate limit per projectId + client address
 * (else 429 with Retry-After in seconds).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { BadRequest, InvalidProjectId, messages, OriginNotAllowed, RateLimited } from "../api/ApiError.ts"
import { ProjectGuard } from "../api/ProjectGuard.ts"
import * as BodyGuard from "./BodyGuard.ts"
import * as ClientAddress from "./ClientAddress.ts"
import { withJitter } from "./RateLimiter.ts"
import type * as KeptResponses from "./KeptResponses.ts"
import * as ProjectDirectory from "./ProjectDirectory.ts"
import * as Tarpit from "./Tarpit.ts"
import type { Project } from "./Repository.ts"
import { ServerContext } from "./ServerContext.ts"


/** Spec section 7: every call carries the project id, the sdk type and the sdk version. */
const required = ["projectId", "st", "sv"] as const

const encodeRateLimited = Schema.encodeSync(RateLimited)

export interface Visitor {
  readonly projectId: string
  /** The request: its Origin header (absent for requests from no browser page) and its client address. */
  readonly request: HttpServerRequest.HttpServerRequest
}

/** Whether `origin` may call for `project`; a page of this server itself (the embedded wallet's frame) calls from the server's own origin. */
const originAdmitted = (context: ServerContext["Service"], project: Project, origin: string | undefined): boolean =>
  origin === undefined || context.ownOrigins().includes(origin) || ProjectDirectory.allows(project, origin)

/** The rate-limit bucket of a known project's request. */
const rateKey = (projectId: string, client: string): string => `${projectId}|${client}`

/**
 * The project checks alone (known project, origin allowlist, rate limit), shared by the guard of the
 * HttpApi groups and by the chain RPC endpoint (http/server/ChainRpc.ts), which answers in JSON-RPC.
 */
export const makeAdmission = Effect.gen(function*() {
  const context = yield* ServerContext
  return (visitor: Visitor): Effect.Effect<void, InvalidProjectId | OriginNotAllowed | RateLimited> =>
    Effect.gen(function*() {
      const client = ClientAddress.of(visitor.request, context.trustedProxies)
      const now = yield* Clock.currentTimeMillis
      const project = context.projects.get(visitor.projectId)
      if (project === undefined) {
        // Unknown project ids are limited per client too: a flood of them is answered 429, not a stream
        // of 401s, and its connection waits out the Retry-After unread (Tarpit.ts).
        const wait = yield* context.unknownProjectLimiter.take(`?|${client}`, now)
        if (wait > 0) {
          const retryAfter = withJitter(wait)
          // Never a trusted proxy's connection: it carries other clients too.
          if (ClientAddress.isDirect(visitor.request, context.trustedProxies)) yield* Tarpit.hold(visitor.request, retryAfter)
          return yield* new RateLimited({ message: "Too many requests: retry later", retryAfter })
        }
        return yield* new InvalidProjectId({ message: messages.invalidKey })
      }
      if (!originAdmitted(context, project, visitor.request.headers["origin"])) {
        return yield* new OriginNotAllowed({ message: messages.originNotAllowed })
      }
      const wait = yield* context.rateLimiter.take(rateKey(visitor.projectId, client), now)
      if (wait > 0) return yield* new RateLimited({ message: "Too many requests: retry later", retryAfter: withJitter(wait) })
    })
})

/**
 * Takes `cost` more tokens from the bucket of a request `makeAdmission` admitted (a chain RPC batch pays
 * one token per call, the first at its admission). A cost the bucket can never hold is refused as such.
 */
export const makeCharge = Effect.gen(function*() {
  const context = yield* ServerContext
  return (visitor: Visitor, cost: number): Effect.Effect<void, RateLimited> =>
    Effect.gen(function*() {
      if (cost <= 0) return
      const client = ClientAddress.of(visitor.request, context.trustedProxies)
      const wait = yield* context.rateLimiter.take(rateKey(visitor.projectId, client), yield* Clock.currentTimeMillis, cost)
      if (wait > 0) return yield* new RateLimited({ message: "Too many requests: retry later", retryAfter: withJitter(wait) })
    })
})

/**
 * The same checks for a kept response (KeptResponses.ts), decided at once: the project still configured,
 * the Origin allowed and a token taken. Only where the buckets are in this process (PGlite): with
 * Postgres start.ts keeps no responses, and every request goes through the guard and the shared limiter.
 */
export const admitAtOnce = (context: ServerContext["Service"]): KeptResponses.Admit => (projectId, origin, request, now) => {
  const takeNow = context.rateLimiter.takeNow
  const project = context.projects.get(projectId)
  if (takeNow === undefined || project === undefined || !originAdmitted(context, project, origin)) return false
  const forwardedFor = request.headers["x-forwarded-for"]
  const client = ClientAddress.fromPeer(request.socket.remoteAddress, Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor, context.trustedProxies)
  return takeNow(rateKey(projectId, client), now) === 0
}

export const layer = Layer.effect(
  ProjectGuard,
  Effect.gen(function*() {
    const admit = yield* makeAdmission
    return ProjectGuard.of((httpEffect) =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const search = yield* HttpServerRequest.ParsedSearchParams
        yield* BodyGuard.check(request)
        for (const key of required) {
          const value = search[key]
          if (typeof value !== "string" || value.length === 0) {
            return yield* new BadRequest({ message: `${key}: the ${key} query parameter is required` })
          }
        }
        const admitted = yield* Effect.result(admit({ projectId: String(search["projectId"]), request }))
        if (Result.isFailure(admitted)) {
          const error = admitted.failure
          if (error._tag !== "RateLimited") return yield* error
          // Answered directly so the Retry-After header travels with the typed 429 body.
          return HttpServerResponse.jsonUnsafe(encodeRateLimited(error), { status: 429, headers: { "retry-after": String(error.retryAfter) } })
        }
        return yield* httpEffect
      })
    )
  })
)
