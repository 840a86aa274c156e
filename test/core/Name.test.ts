import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as Name from "../../core/Name.ts"

const allowedChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
const oracle = (name: string) => name.length >= 4 && [...name].every((c) => /[A-Za-z0-9-]/.test(c))

describe("Name", () => {
  it("accepts exactly the names of letters, digits and hyphens with at least 4 characters", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: allowedChar, maxLength: 12 }), fc.string({ maxLength: 12 })), (name) => {
        const expected = oracle(name)
        assert.strictEqual(Name.isValid(name), expected, name)
        assert.strictEqual(Exit.isSuccess(Effect.runSyncExit(Name.validate(name))), expected, name)
        assert.strictEqual(Schema.is(Name.Name)(name), expected, name)
      })
    )
  })

  it("the boundary: 3 characters fail, 4 pass", () => {
    assert.isFalse(Name.isValid("abc"))
    assert.isTrue(Name.isValid("ab-1"))
  })

  it("rejects dots, spaces, underscores and non-ASCII letters", () => {
    for (const name of ["my.name", "my name", "my_name", "námé1", "name🙂"]) {
      assert.isFalse(Name.isValid(name), name)
    }
  })

  it.effect("reports characters before length, each with its own error", () =>
    Effect.gen(function*() {
      const characters = yield* Effect.flip(Name.validate("a.b"))
      assert.strictEqual(characters._tag, "NameInvalidCharactersError")
      assert.strictEqual(characters.message, "Only letters, digits and hyphens are allowed")
      const short = yield* Effect.flip(Name.validate("abc"))
      assert.strictEqual(short._tag, "NameTooShortError")
      assert.strictEqual(short.message, "Name must be at least 4 characters")
    }))
})
