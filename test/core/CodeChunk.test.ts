import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
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
