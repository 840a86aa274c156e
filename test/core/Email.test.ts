import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as Email from "../../core/Email.ts"

describe("Email", () => {
  it("accepts well-formed addresses", () => {
    for (const email of ["a@b.co", "first.last+tag@example.com", "x_y@sub.domain.org", "USER@EXAMPLE.IO"]) {
      assert.isTrue(Email.isValid(email), email)
      assert.isTrue(Schema.is(Email.Email)(email), email)
    }
  })

  it("rejects malformed addresses", () => {
    const bad = ["", "plain", "@example.com", "a@", "a@b", "a@b.c", "a b@c.com", "a@b c.com", "a@@b.com", "a@-b.com", "a@b-.com", "a@b..com", "a@.com"]
    for (const email of bad) {
      assert.isFalse(Email.isValid(email), email)
      assert.isFalse(Schema.is(Email.Email)(email), email)
    }
  })

  it("anything with whitespace or without exactly one @ is invalid", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        if (/\s/.test(text) || text.split("@").length !== 2) assert.isFalse(Email.isValid(text), text)
      })
    )
  })

  it.effect("validate fails with InvalidEmailError", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* Email.validate("a@b.co"), "a@b.co")
      const error = yield* Effect.flip(Email.validate("nope"))
      assert.strictEqual(error._tag, "InvalidEmailError")
      assert.strictEqual(error.message, "Invalid email")
      assert.strictEqual(error.email, "nope")
    }))
})
