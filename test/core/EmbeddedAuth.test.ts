import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Caip from "../../core/Caip.ts"
import * as EmbeddedAuth from "../../core/EmbeddedAuth.ts"

describe("EmbeddedAuth", () => {
  it.effect("is supported on eip155 and solana only", () =>
    Effect.gen(function*() {
      for (const namespace of Caip.chainNamespaces) {
        const supported = namespace === "eip155" || namespace === "solana"
        assert.strictEqual(EmbeddedAuth.isSupported(namespace), supported, namespace)
        if (supported) {
          assert.strictEqual(yield* EmbeddedAuth.validate(namespace), namespace)
        } else {
          const error = yield* Effect.flip(EmbeddedAuth.validate(namespace))
          assert.strictEqual(error._tag, "EmbeddedAuthUnsupportedNamespaceError")
          assert.strictEqual(error.message, "Embedded wallet login is not supported on this chain")
          assert.strictEqual(error.namespace, namespace)
        }
      }
    }))
})
