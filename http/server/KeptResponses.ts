/**
 * Kept responses: the whole answers to read-mostly GETs that `EncodedAnswers` marks (registry pages,
 * balances, history pages), written again without entering the Effect application while they are
 * younger than half their data's TTL, the point where `EncodedAnswers` renews them. A hit costs about
 * what a bare `node:http` answer does.
 *
 * Each hit is admitted as the guard admits (ProjectGuardLive): the project still configured, the
 * Origin allowed, a token from the client's bucket. Whatever a hit would not answer (a refusal, a
 * request with a body, limits shared through Postgres) falls through to the application.
 *
 * Keyed by Origin and URL: these answers depend on nothing else of the request (public URLs come from
 * configuration, not from the Host header). Bounded in bytes, least recently used first (keys come
 * from outside), each answer counted with a KiB for its headers, key and bookkeeping: a flood of
 * distinct questions with tiny answers must not slip under a budget counted in body bytes.
 */
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import type * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import { IncomingMessage, type OutgoingHttpHeaders, type Server, ServerResponse } from "node:http"

export interface Mark {
  /** The project the guard admitted the request for (its kept answer is admitted for it again). */
  readonly projectId: string
  readonly body: Uint8Array
  /** Epoch ms the answer was computed at (its Age counts from there). */
  readonly at: number
  /** Epoch ms after which the answer is not written again from here. */
  readonly until: number
  /** False once newer data answers the same question. */
  readonly current: () => boolean
}

interface Kept extends Mark {
  readonly headers: OutgoingHttpHeaders
}

/** The kept responses in front of each request that reached the application (set by `front`). */
const fronted = new WeakMap<IncomingMessage, KeptResponses>()

/**
 * Marks `request`'s answer as `body`, computed at `at` and fit to be written again until `until` (epoch
 * ms): the kept responses in front of it keep the response once it is written. Only marked requests
 * are watched, so every other answer costs nothing here.
 */
export const mark = (request: HttpServerRequest.HttpServerRequest, answer: Mark): Effect.Effect<void> =>
  Effect.sync(() => {
    const incoming = NodeHttpServerRequest.toIncomingMessage(request)
    const response = NodeHttpServerRequest.toServerResponse(request)
    if (incoming instanceof IncomingMessage && response instanceof ServerResponse) fronted.get(incoming)?.watch(incoming, response, answer)
  })

/** The guard's admission of a hit, decided at once: whether `projectId`'s request from `origin` may be answered now. */
export type Admit = (projectId: string, origin: string | undefined, request: IncomingMessage, now: number) => boolean

export interface KeptResponses {
  /** Writes `request`'s kept answer and answers true, or answers false and writes nothing. */
  readonly serve: (request: IncomingMessage, response: ServerResponse) => boolean
  /** Keeps `answer`, which the application is about to write to `request`, once it is written with 200. */
  readonly watch: (request: IncomingMessage, response: ServerResponse, answer: Mark) => void
  /** Bytes of answers held now. */
  readonly bytes: () => number
}

const keyOf = (request: IncomingMessage): string => `${request.headers.origin ?? ""} ${request.url ?? ""}`

/** A GET that declares a body is the application's to judge (BodyGuard), not ours to answer. */
const hasBody = (request: IncomingMessage): boolean =>
  request.headers["transfer-encoding"] !== undefined || (request.headers["content-length"] ?? "0") !== "0"

/** The header object among writeHead's arguments, less what belongs to one connection. */
const headersIn = (args: ReadonlyArray<unknown>): OutgoingHttpHeaders | undefined => {
  const found = args.find((arg): arg is OutgoingHttpHeaders => typeof arg === "object" && arg !== null && !Array.isArray(arg))
  if (found === undefined) return undefined
  const { connection: _connection, "keep-alive": _keepAlive, ...headers } = found
  return headers
}

/** What an answer costs the budget: its body, and a KiB for the rest. */
const costOf = (answer: Kept): number => answer.body.byteLength + 1024

/** `clock` is the server's (ServerRuntime.clock): a kept answer's age and end are on the same time as its computation. */
export const make = (options: {
  readonly maxBytes: number
  readonly admit: Admit
  readonly clock: Clock.Clock
  /** Told of each kept answer written again (`hit`) and each keepable one the application computes (`miss`). */
  readonly counted?: (outcome: "hit" | "miss") => void
}): KeptResponses => {
  // Insertion order is recency order: a hit moves its key to the end, eviction takes the first.
  const kept = new Map<string, Kept>()
  let bytes = 0
  const drop = (key: string) => {
    const answer = kept.get(key)
    if (answer === undefined) return
    kept.delete(key)
    bytes -= costOf(answer)
  }
  const keep = (key: string, answer: Kept) => {
    drop(key)
    kept.set(key, answer)
    bytes += costOf(answer)
    for (const oldest of kept.keys()) {
      if (bytes <= options.maxBytes) break
      drop(oldest)
    }
  }
  return {
    serve: (request, response) => {
      if (request.method !== "GET" || hasBody(request)) return false
      const key = keyOf(request)
      const answer = kept.get(key)
      if (answer === undefined) return false
      const now = options.clock.currentTimeMillisUnsafe()
      if (now >= answer.until || !answer.current()) {
        drop(key)
        return false
      }
      if (!options.admit(answer.projectId, request.headers.origin, request, now)) return false
      keep(key, answer)
      options.counted?.("hit")
      response.writeHead(200, { ...answer.headers, age: String(Math.floor((now - answer.at) / 1000)) })
      response.end(answer.body)
      return true
    },
    watch: (request, response, marked) => {
      if (request.method !== "GET") return
      options.counted?.("miss")
      // The application hands its headers to writeHead, which Node writes without keeping them.
      let written: OutgoingHttpHeaders | undefined
      response.writeHead = new Proxy(response.writeHead, {
        apply: (writeHead, self, args: Array<unknown>) => {
          written = headersIn(args)
          return Reflect.apply(writeHead, self, args)
        }
      })
      response.once("finish", () => {
        if (written === undefined || response.statusCode !== 200 || options.clock.currentTimeMillisUnsafe() >= marked.until) return
        keep(keyOf(request), { ...marked, headers: written })
      })
    },
    bytes: () => bytes
  }
}

/** Puts `kept` in front of `server`'s request listeners (the application's), for what they mark. */
export const front = (server: Server, kept: KeptResponses): void => {
  const application = server.listeners("request") as Array<(request: IncomingMessage, response: ServerResponse) => void>
  server.removeAllListeners("request")
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (kept.serve(request, response)) return
    fronted.set(request, kept)
    for (const listener of application) listener(request, response)
  })
}
