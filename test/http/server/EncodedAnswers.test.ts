/**
 * EncodedAnswers under TestClock: an answer is computed once and its bytes kept; a question in the
 * second half of the answer's life is answered from the kept bytes while one background computation
 * renews them; a forced refresh computes at once.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Schema from "effect/Schema"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { TestClock } from "effect/testing"
import { CurrentProject } from "../../../http/api/ProjectGuard.ts"
import * as EncodedAnswers from "../../../http/server/EncodedAnswers.ts"

const Count = Schema.Struct({ n: Schema.Number })
const ttl = 1_000

/** Answers whose computation takes 100 ms and counts its runs. */
const setup = Effect.gen(function*() {
  const answers = yield* EncodedAnswers.make(Count, ttl, 10)
  const runs = { count: 0 }
  const compute = Effect.sleep("100 millis").pipe(Effect.map(() => ({ n: runs.count++ })))
  const ask = (options?: { readonly refresh?: boolean }) =>
    answers.answer("key", compute, options).pipe(
      Effect.flatMap((response) => Effect.promise(() => HttpServerResponse.toWeb(response).json())),
      Effect.map((json) => Schema.decodeUnknownSync(Count)(json).n),
      Effect.provideService(HttpServerRequest.HttpServerRequest, HttpServerRequest.fromWeb(new Request("http://api.test/balance"))),
      Effect.provideService(CurrentProject, { projectId: "project", allowedOrigins: [], analyticsEnabled: false })
    )
  return { runs, ask }
})

describe("EncodedAnswers", () => {
  it.effect("computes once, then answers from the kept bytes for the first half of the TTL", () =>
    Effect.gen(function*() {
      const { runs, ask } = yield* setup
      const first = yield* Effect.forkChild(ask())
      yield* TestClock.adjust(100)
      assert.strictEqual(yield* Fiber.join(first), 0)
      yield* TestClock.adjust(ttl / 2 - 101)
      assert.strictEqual(yield* ask(), 0)
      assert.strictEqual(runs.count, 1)
    }))

  it.effect("in the second half, answers the kept bytes at once and renews them once in the background", () =>
    Effect.gen(function*() {
      const { runs, ask } = yield* setup
      const first = yield* Effect.forkChild(ask())
      yield* TestClock.adjust(100)
      yield* Fiber.join(first)
      yield* TestClock.adjust(ttl / 2)
      // Neither waits for the renewal, and the second does not start another.
      assert.strictEqual(yield* ask(), 0)
      assert.strictEqual(yield* ask(), 0)
      yield* TestClock.adjust(100)
      assert.strictEqual(runs.count, 2)
      assert.strictEqual(yield* ask(), 1)
    }))

  it.effect("a forced refresh computes at once, and later questions get its bytes", () =>
    Effect.gen(function*() {
      const { runs, ask } = yield* setup
      const first = yield* Effect.forkChild(ask())
      yield* TestClock.adjust(100)
      yield* Fiber.join(first)
      const forced = yield* Effect.forkChild(ask({ refresh: true }))
      yield* TestClock.adjust(100)
      assert.strictEqual(yield* Fiber.join(forced), 1)
      assert.strictEqual(yield* ask(), 1)
      assert.strictEqual(runs.count, 2)
    }))
})
