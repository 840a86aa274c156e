import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as Email from "../../core/Email.ts"
import * as EmailFormat from "../../core/EmailFormat.ts"

describe("Email", () => {
  it("accepts well-formed addresses", () => {
    for (const email of ["a@b.co", "first.last+tag@example.com", "x_y@sub.domain.org", "USER@EXAMPLE.IO"]) {
      assert.isTrue(EmailFormat.isValid(email), email)
      assert.isTrue(Schema.is(Email.Email)(email), email)
    }
  })

  it("rejects malformed addresses", () => {
    const bad = ["", "plain", "@example.com", "a@", "a@b", "a@b.c", "a b@c.com", "a@b c.com", "a@@b.com", "a@-b.com", "a@b-.com", "a@b..com", "a@.com"]
    for (const email of bad) {
      assert.isFalse(EmailFormat.isValid(email), email)
      assert.isFalse(Schema.is(Email.Email)(email), email)
    }
  })

  it("anything with whitespace or without exactly one @ is invalid", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        if (/\s/.test(text) || text.split("@").length !== 2) assert.isFalse(EmailFormat.isValid(text), text)
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

describe("EmailFormat", () => {
  it("agrees with the Email Schema on any text", () => {
    const label = fc.stringMatching(/^[A-Za-z0-9-]{0,8}$/)
    const text = fc.oneof(
      fc.emailAddress(),
      fc.string({ maxLength: 30 }),
      fc.tuple(fc.string({ maxLength: 10 }), fc.array(label, { maxLength: 4 })).map(([local, labels]) => `${local}@${labels.join(".")}`),
      fc.tuple(fc.emailAddress(), fc.string({ maxLength: 3 }), fc.nat(40)).map(([email, insert, at]) => email.slice(0, at) + insert + email.slice(at))
    )
    const isEmail = Schema.is(Email.Email)
    fc.assert(fc.property(text, (candidate) => {
      assert.strictEqual(EmailFormat.isValid(candidate), isEmail(candidate), candidate)
    }), { numRuns: 2000 })
  })
})
