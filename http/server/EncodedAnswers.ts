/**
 * Read-mostly answers kept as their JSON bytes: a repeat of the same question costs neither the data
 * source nor Schema encoding, only the guard and the write. Bounded (keys come from outside) and
 * short-lived: each cache's TTL is its data's.
 *
 * Renewed ahead: a question asked in the second half of its answer's life is answered from the kept
 * bytes while one background computation renews them, so steady traffic never waits for the data
 * source and a kept answer is never older than its TTL. In the first half the whole response may be
 * written again by KeptResponses, before the application is entered at all.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as TtlCache from "../../core/TtlCache.ts"
import { CurrentProject } from "../api/ProjectGuard.ts"
import * as KeptResponses from "./KeptResponses.ts"

export interface AnswerOptions<A, E, R> {
  /** Computes anew and keeps the result, whatever is kept (a client's forced update). */
  readonly refresh?: boolean
  /** What renews a kept answer ahead of its end, when `compute` alone would read caches as old as it (default `compute`). */
  readonly renew?: Effect.Effect<A, E, R>
}

export interface EncodedAnswers<A> {
  /** The answer for `key`: the kept bytes, or `compute`'s value encoded and kept (failures are not kept). */
  readonly answer: <E, R>(
    key: string,
    compute: Effect.Effect<A, E, R>,
    options?: AnswerOptions<A, E, R>
  ) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest | CurrentProject>
}

/** Bytes as kept; `superseded` once newer bytes answer the same question (KeptResponses stops writing these). */
interface Answer {
  readonly body: Uint8Array
  superseded: boolean
}

export const make = <S extends Schema.Top>(schema: S, ttlMillis: number, capacity: number): Effect.Effect<EncodedAnswers<S["Type"]>, never, S["EncodingServices"]> =>
  Effect.gen(function*() {
    const encode = Schema.encodeEffect(schema)
    const context = yield* Effect.context<S["EncodingServices"]>()
    const answers = yield* TtlCache.make<Answer>(ttlMillis, { capacity })
    const renewing = new Set<string>()
    const encoder = new TextEncoder()
    const renewAt = (at: number) => at + ttlMillis / 2
    const encoded = <E, R>(key: string, compute: Effect.Effect<S["Type"], E, R>) =>
      Effect.gen(function*() {
        const value = yield* compute
        // A value the handler built from its own Schema always encodes: a failure here is a defect.
        const answer: Answer = { body: encoder.encode(JSON.stringify(yield* Effect.orDie(Effect.provideContext(encode(value), context)))), superseded: false }
        const previous = yield* answers.get(key)
        if (previous._tag === "Some") previous.value.superseded = true
        yield* answers.set(key, answer)
        return answer
      })
    /** Lets KeptResponses write `answer` again until it is superseded or due for renewal. */
    const markKept = (answer: Answer, at: number) =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const { projectId } = yield* CurrentProject
        yield* KeptResponses.mark(request, { projectId, body: answer.body, at, until: renewAt(at), current: () => !answer.superseded })
      })
    const kept = <E, R>(key: string, compute: Effect.Effect<S["Type"], E, R>, renewal: Effect.Effect<S["Type"], E, R>) =>
      Effect.gen(function*() {
        const entry = yield* answers.getEntry(key)
        if (entry._tag === "None") {
          const answer = yield* encoded(key, compute)
          yield* markKept(answer, yield* Clock.currentTimeMillis)
          return answer.body
        }
        const now = yield* Clock.currentTimeMillis
        const { value: answer, timestamp } = entry.value
        if (now < renewAt(timestamp)) {
          yield* markKept(answer, timestamp)
        } else if (!renewing.has(key)) {
          // One renewal per key at a time. Its failure answers nobody: the kept bytes run out at their
          // TTL and the next question computes, and meets the failure, itself.
          renewing.add(key)
          yield* Effect.forkDetach(Effect.ensuring(Effect.ignore(encoded(key, renewal)), Effect.sync(() => renewing.delete(key))))
        }
        return answer.body
      })
    return {
      answer: (key, compute, options) =>
        Effect.map(
          options?.refresh === true ? Effect.map(encoded(key, compute), (answer) => answer.body) : kept(key, compute, options?.renew ?? compute),
          (body) => HttpServerResponse.uint8Array(body, { contentType: "application/json" })
        )
    }
  })
