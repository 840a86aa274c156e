/**
 * Read-mostly answers kept as their JSON bytes: a repeat of the same question costs neither the data
 * source nor Schema encoding, only the guard and the write. Bounded (keys come from outside) and
 * short-lived: each cache's TTL is its data's.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as TtlCache from "../../core/TtlCache.ts"

export interface EncodedAnswers<A> {
  /** The answer for `key`: the kept bytes, or `compute`'s value encoded and kept (failures are not kept). */
  readonly answer: <E, R>(key: string, compute: Effect.Effect<A, E, R>, options?: { readonly refresh?: boolean }) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
}

export const make = <S extends Schema.Top>(schema: S, ttlMillis: number, capacity: number): Effect.Effect<EncodedAnswers<S["Type"]>, never, S["EncodingServices"]> =>
  Effect.gen(function*() {
    const encode = Schema.encodeEffect(schema)
    const context = yield* Effect.context<S["EncodingServices"]>()
    const bytes = yield* TtlCache.make<Uint8Array>(ttlMillis, { capacity })
    const encoder = new TextEncoder()
    const encoded = <E, R>(key: string, compute: Effect.Effect<S["Type"], E, R>) =>
      Effect.gen(function*() {
        const value = yield* compute
        // A value the handler built from its own Schema always encodes: a failure here is a defect.
        const body = encoder.encode(JSON.stringify(yield* Effect.orDie(Effect.provideContext(encode(value), context))))
        yield* bytes.set(key, body)
        return body
      })
    return {
      answer: (key, compute, options) =>
        Effect.map(
          options?.refresh === true ? encoded(key, compute) : Effect.flatMap(bytes.get(key), (kept) => kept._tag === "Some" ? Effect.succeed(kept.value) : encoded(key, compute)),
          (body) => HttpServerResponse.uint8Array(body, { contentType: "application/json" })
        )
    }
  })
