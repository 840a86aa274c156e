import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { fixed } from "../../core/FixedMessage.ts"
import * as Networks from "../../core/Networks.ts"

class Example extends Schema.TaggedError<Example>()("Example", { message: fixed("Exactly this") }) {}

describe("FixedMessage.fixed", () => {
  it("fills the message in and accepts only that wording", () => {
    assert.strictEqual(new Example().message, "Exactly this")
    assert.strictEqual(new Example({}).message, "Exactly this")
    assert.isTrue(Option.isSome(Schema.decodeUnknownOption(Example)({ _tag: "Example", message: "Exactly this" })))
    assert.isTrue(Option.isNone(Schema.decodeUnknownOption(Example)({ _tag: "Example", message: "Something else" })))
  })

  it("spec errors construct with their wording and are Errors", () => {
    const notFound = new Networks.NetworkNotFoundError()
    assert.strictEqual(notFound.message, "Network not found")
    assert.instanceOf(notFound, Error)
  })
})
