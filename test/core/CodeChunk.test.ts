import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as CodeChunk from "../../core/CodeChunk.ts"

describe("CodeChunk.lazy", () => {
  it.effect("imports at the first use only, then keeps the module", () =>
    Effect.gen(function*() {
      let imports = 0
      const chunk = CodeChunk.lazy("send", () => Promise.resolve({ n: ++imports }))
      assert.strictEqual(imports, 0)
      const first = yield* chunk
      const second = yield* chunk
      assert.strictEqual(imports, 1)
      assert.strictEqual(first, second)
    }))

  it.effect("a failed import is the typed FeatureUnavailableError, and the next use imports again", () =>
    Effect.gen(function*() {
      let imports = 0
      const chunk = CodeChunk.lazy("send", () => ++imports === 1 ? Promise.reject(new TypeError("Failed to fetch dynamically imported module")) : Promise.resolve("module"))
      const error = yield* Effect.flip(chunk)
      assert.strictEqual(error._tag, "FeatureUnavailableError")
      assert.strictEqual(error.feature, "send")
      assert.strictEqual(yield* chunk, "module")
      assert.strictEqual(imports, 2)
    }))
})

describe("CodeChunk.once", () => {
  it.effect("builds at the first use only, and uses that arrive during the build wait for it", () =>
    Effect.gen(function*() {
      let builds = 0
      const gate = yield* Deferred.make<void>()
      const service = CodeChunk.once(Effect.andThen(Effect.sync(() => ++builds), (n) => Effect.as(Deferred.await(gate), { n })))
      assert.strictEqual(builds, 0)
      const waiting = yield* Effect.forkChild(Effect.all([service, service], { concurrency: "unbounded" }))
      // Both uses are under way (one building, one waiting for it) before the build can end.
      for (let turn = 0; turn < 5; turn++) yield* Effect.yieldNow
      assert.strictEqual(builds, 1)
      yield* Deferred.succeed(gate, undefined)
      const [first, second] = yield* Fiber.join(waiting)
      assert.strictEqual(first, second)
      assert.strictEqual(yield* service, first)
      assert.strictEqual(builds, 1)
    }))

  it.effect("a failed build is forgotten: the next use builds again", () =>
    Effect.gen(function*() {
      let builds = 0
      const service = CodeChunk.once(Effect.suspend(() => ++builds === 1 ? Effect.fail("offline" as const) : Effect.succeed("service")))
      assert.strictEqual(yield* Effect.flip(service), "offline")
      assert.strictEqual(yield* service, "service")
      assert.strictEqual(yield* service, "service")
      assert.strictEqual(builds, 2)
    }))
})
