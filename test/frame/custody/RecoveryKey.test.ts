import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as ShareSet from "../../../core/embedded/ShareSet.ts"
import * as RecoveryCode from "../../../frame/custody/RecoveryCode.ts"
import * as RecoveryKey from "../../../frame/custody/RecoveryKey.ts"

const share = Uint8Array.from({ length: 17 }, (_, index) => index + 1)
const code = (): RecoveryKey.RecoveryFactor => ({ kind: "code", code: RecoveryCode.generate() })
const passkey = (): RecoveryKey.RecoveryFactor => ({
  kind: "passkey",
  credentialId: crypto.getRandomValues(new Uint8Array(16)),
  prfOutput: crypto.getRandomValues(new Uint8Array(32))
})

const flip = (bytes: Uint8Array, index: number) => Uint8Array.from(bytes, (byte, at) => (at === index ? byte ^ 1 : byte))

const mismatch = (sealed: ShareSet.EncryptedRecoveryShare, kind: ShareSet.RecoveryKind, factor: RecoveryKey.RecoveryFactor) =>
  Effect.gen(function*() {
    const error = yield* Effect.flip(RecoveryKey.open(sealed, kind, factor))
    assert.strictEqual(error._tag, "RecoveryFactorMismatchError")
    assert.strictEqual(error.kind, kind)
  })

describe("RecoveryKey", () => {
  it.effect("the right recovery code or PRF output opens the sealed share", () =>
    Effect.gen(function*() {
      for (const factor of [code(), passkey()]) {
        const sealed = yield* RecoveryKey.seal(share, factor)
        assert.deepStrictEqual(yield* RecoveryKey.open(sealed, factor.kind, factor), share)
      }
    }))

  it.effect("a code typed back in (parsed from what was shown) opens it", () =>
    Effect.gen(function*() {
      const shown = RecoveryCode.generate()
      const sealed = yield* RecoveryKey.seal(share, { kind: "code", code: shown })
      const typed = yield* RecoveryCode.parse(RecoveryCode.format(shown).toLowerCase().replace(/-/g, " "))
      assert.deepStrictEqual(yield* RecoveryKey.open(sealed, "code", { kind: "code", code: typed }), share)
    }))

  it.effect("a wrong code or a wrong PRF output is a typed error, never another share", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), async (wrongCode, wrongPrf) => {
          await Effect.runPromise(Effect.gen(function*() {
            const byCode = code()
            const sealedByCode = yield* RecoveryKey.seal(share, byCode)
            yield* mismatch(sealedByCode, "code", { kind: "code", code: wrongCode })
            const byPasskey = passkey()
            const sealedByPasskey = yield* RecoveryKey.seal(share, byPasskey)
            if (byPasskey.kind === "passkey") yield* mismatch(sealedByPasskey, "passkey", { ...byPasskey, prfOutput: wrongPrf })
          }))
        }),
        { numRuns: 25 }
      )
    ))

  it.effect("the factor of the other kind, even with the same bytes, does not open it", () =>
    Effect.gen(function*() {
      const bytes = crypto.getRandomValues(new Uint8Array(32))
      const sealed = yield* RecoveryKey.seal(share, { kind: "passkey", credentialId: Uint8Array.of(1), prfOutput: bytes })
      yield* mismatch(sealed, "passkey", { kind: "code", code: bytes })
      yield* mismatch(sealed, "code", { kind: "code", code: bytes })
    }))

  it.effect("an altered ciphertext, IV or salt is refused", () =>
    Effect.gen(function*() {
      const factor = code()
      const sealed = yield* RecoveryKey.seal(share, factor)
      yield* mismatch({ ...sealed, ciphertext: flip(sealed.ciphertext, 0) }, "code", factor)
      yield* mismatch({ ...sealed, ciphertext: flip(sealed.ciphertext, 32) }, "code", factor)
      yield* mismatch({ ...sealed, iv: flip(sealed.iv, 5) }, "code", factor)
      yield* mismatch({ ...sealed, salt: flip(sealed.salt, 31) }, "code", factor)
    }))

  it.effect("each sealing draws a new salt and IV; the sealed share fits the server's schema, naming the passkey", () =>
    Effect.gen(function*() {
      const factor = passkey()
      const first = yield* RecoveryKey.seal(share, factor)
      const second = yield* RecoveryKey.seal(share, factor)
      assert.notDeepEqual(first.salt, second.salt)
      assert.notDeepEqual(first.iv, second.iv)
      assert.notDeepEqual(first.ciphertext, second.ciphertext)
      assert.deepStrictEqual(first.credentialId, factor.kind === "passkey" ? factor.credentialId : undefined)
      const set = { authShare: share, recoveryShare: first, recoveryKind: "passkey" } as const
      assert.deepStrictEqual(Schema.decodeUnknownSync(ShareSet.ShareSet)(Schema.encodeSync(ShareSet.ShareSet)(set)), set)
      const byCode = yield* RecoveryKey.seal(share, code())
      assert.isFalse("credentialId" in byCode)
    }))
})
