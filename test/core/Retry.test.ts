import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import * as Constants from "../../core/Constants.ts"
import * as Retry from "../../core/Retry.ts"

const allowedCodes = [-1, -32005, -32603]
const neverCodes = [4001, 4100, 4200, 4900, 4901, 5000]
const allowedStatuses = [403, 408, 413, 429, 500, 502, 503, 504]

class Failure extends Schema.TaggedError<Failure>()("Failure", {
  code: Schema.optional(Schema.Int),
  status: Schema.optional(Schema.Int),
  retryAfter: Schema.optional(Schema.String)
}) {}

describe("Retry classification", () => {
  it("retries exactly the spec's codes", () => {
    for (const code of allowedCodes) assert.isTrue(Retry.isRetryable({ code }), `code ${code}`)
    for (const code of neverCodes) assert.isFalse(Retry.isRetryable({ code }), `code ${code}`)
  })

  it("retries exactly the spec's HTTP statuses", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        assert.strictEqual(Retry.isRetryable({ status }), allowedStatuses.includes(status))
      })
    )
  })

  it("never retries an unknown code or an empty failure", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -40_000, max: 40_000 }).filter((code) => !allowedCodes.includes(code)),
        (code) => {
          assert.isFalse(Retry.isRetryable({ code }))
        }
      )
    )
    assert.isFalse(Retry.isRetryable(undefined))
    assert.isFalse(Retry.isRetryable("boom"))
    assert.isFalse(Retry.isRetryable(new Error("boom")))
  })

  it("a never-code or an abort wins over a retryable status", () => {
    fc.assert(
      fc.property(fc.constantFrom(...neverCodes), fc.constantFrom(...allowedStatuses), (code, status) => {
        assert.isFalse(Retry.isRetryable({ code, status }))
      })
    )
    fc.assert(
      fc.property(fc.constantFrom(...allowedStatuses), fc.constantFrom(...allowedCodes), (status, code) => {
        assert.isFalse(Retry.isRetryable({ name: "AbortError", status, code }))
        assert.isFalse(Retry.isRetryable({ _tag: "RpcRequestAbortedError", status, code }))
      })
    )
  })

  it("reads an HTTP response's status and Retry-After, and the cause chain", () => {
    const httpError = { _tag: "HttpClientError", response: { status: 429, headers: { "retry-after": "7" } } }
    assert.deepStrictEqual(Retry.signalOf(httpError), {
      code: undefined,
      status: 429,
      retryAfter: "7",
      aborted: false
    })
    assert.isTrue(Retry.isRetryable(new Error("wrapped", { cause: { code: -32005 } })))
    assert.isFalse(Retry.isRetryable(new Error("wrapped", { cause: { name: "AbortError", code: -32005 } })))
    assert.isTrue(Retry.isRetryable(new Failure({ status: 503 })))
    const hostile = new Proxy({}, {
      get: () => {
        throw new Error("proxy")
      },
      has: () => {
        throw new Error("proxy")
      }
    })
    assert.isFalse(Retry.isRetryable(hostile))
  })
})

const statusError = (status: number, headers: Record<string, string>) => {
  const request = HttpClientRequest.get("http://127.0.0.1/x")
  const response = HttpClientResponse.fromWeb(request, new Response(null, { status, headers }))
  return new HttpClientError.HttpClientError({
    reason: new HttpClientError.StatusCodeError({ request, response })
  })
}

describe("Retry with Effect's HttpClientError", () => {
  it("reads the status and the Retry-After header of a real status error", () => {
    const signal = Retry.signalOf(statusError(429, { "Retry-After": "3" }))
    assert.strictEqual(signal.status, 429)
    assert.strictEqual(signal.retryAfter, "3")
    assert.isTrue(Retry.isRetryable(statusError(503, {})))
    assert.isFalse(Retry.isRetryable(statusError(404, {})))
  })
})

describe("Retry-After", () => {
  const now = Date.UTC(2026, 10, 22, 4, 0, 0)

  it("delta-seconds: n seconds, capped, never negative", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.nat({ max: 2_000_000_000_000 }), (seconds, clock) => {
        const delay = Retry.retryAfterDelay(`${seconds}`, clock)
        assert.strictEqual(delay, Math.min(seconds * 1000, Constants.retryAfterCapMillis))
      })
    )
    assert.strictEqual(Retry.retryAfterDelay(" 3 ", now), 3000)
  })

  it("HTTP-date: relative to now, capped, past dates give 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: -86_400, max: 86_400 }), (offsetSeconds) => {
        const header = new Date(now + offsetSeconds * 1000).toUTCString()
        const delay = Retry.retryAfterDelay(header, now)
        const expected = Math.min(Math.max(offsetSeconds * 1000, 0), Constants.retryAfterCapMillis)
        assert.strictEqual(delay, expected)
      })
    )
    assert.strictEqual(Retry.retryAfterDelay("Sun, 22 Nov 2026 04:00:05 GMT", now), 5000)
    // the three date forms HTTP allows: IMF-fixdate, RFC 850, asctime (GMT)
    const then = Date.UTC(1994, 10, 6, 8, 49, 30)
    for (const header of ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"]) {
      assert.strictEqual(Retry.retryAfterDelay(header, then), 7000, header)
    }
  })

  it("unreadable or absent headers give undefined (the policy's delay applies)", () => {
    for (const header of [undefined, "", "soon", "-3", "1.5", "0x10", "Sun, 99 Nov 2026 99:00:05 GMT"]) {
      assert.strictEqual(Retry.retryAfterDelay(header, now), undefined, `header ${String(header)}`)
    }
  })

  it("any header gives undefined or a delay within [0, cap]", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (header, clock) => {
        const delay = Retry.retryAfterDelay(header, clock)
        if (delay !== undefined) assert.isTrue(delay >= 0 && delay <= Constants.retryAfterCapMillis)
      })
    )
  })
})

/** Runs `failure` under `schedule` and returns when (TestClock, relative to the start) each attempt ran. */
const timesOf = (failure: Failure, schedule: Parameters<typeof Retry.retry>[1], advance: number) =>
  Effect.gen(function*() {
    const times = yield* Ref.make<ReadonlyArray<number>>([])
    const start = yield* Clock.currentTimeMillis
    const attempt = Clock.currentTimeMillis.pipe(
      Effect.flatMap((t) => Ref.update(times, (all) => [...all, t - start])),
      Effect.andThen(Effect.fail(failure))
    )
    const fiber = yield* Effect.forkChild(Effect.exit(Retry.retry(attempt, schedule)))
    yield* TestClock.adjust(advance)
    yield* Fiber.join(fiber)
    return yield* Ref.get(times)
  })

describe("Retry schedules", () => {
  it.effect("policy: 1 s default delay, bounded attempts", () =>
    Effect.gen(function*() {
      const times = yield* timesOf(new Failure({ status: 503 }), Retry.policy, 60_000)
      assert.deepStrictEqual(times, [0, 1000, 2000].slice(0, Constants.httpRetryAttempts))
    }))

  it.effect("policy: non-retryable failures run once", () =>
    Effect.gen(function*() {
      const times = yield* timesOf(new Failure({ code: 4001, status: 503 }), Retry.policy, 60_000)
      assert.deepStrictEqual(times, [0])
    }))

  it.effect("policy: Retry-After (delta-seconds) replaces the default delay; one past the cap is never shortened", () =>
    Effect.gen(function*() {
      const five = yield* timesOf(new Failure({ status: 429, retryAfter: "5" }), Retry.policy, 60_000)
      assert.deepStrictEqual(five, [0, 5000, 10_000])
      const cap = Constants.retryAfterCapMillis
      const atCap = yield* timesOf(new Failure({ status: 429, retryAfter: String(cap / 1000) }), Retry.policy, 600_000)
      assert.deepStrictEqual(atCap, [0, cap, 2 * cap])
      // The server asks for more than we retry within: no retry comes earlier than it asked (none at all).
      const huge = yield* timesOf(new Failure({ status: 429, retryAfter: "86400" }), Retry.policy, 600_000)
      assert.deepStrictEqual(huge, [0])
    }))

  it.effect("rpcPolicy: 3 attempts, 150 ms doubling", () =>
    Effect.gen(function*() {
      const times = yield* timesOf(new Failure({ code: -32603 }), Retry.rpcPolicy, 60_000)
      assert.deepStrictEqual(times, [0, 150, 450])
    }))

  it.effect("succeeds as soon as an attempt succeeds", () =>
    Effect.gen(function*() {
      const count = yield* Ref.make(0)
      const flaky = Ref.updateAndGet(count, (n) => n + 1).pipe(
        Effect.flatMap((n) => (n < 2 ? Effect.fail(new Failure({ code: -1 })) : Effect.succeed(n)))
      )
      const fiber = yield* Effect.forkChild(Retry.retry(flaky))
      yield* TestClock.adjust(1000)
      assert.strictEqual(yield* Fiber.join(fiber), 2)
    }))
})
