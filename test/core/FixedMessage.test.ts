import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as EmbeddedWallet from "../../core/EmbeddedWallet.ts"
import { fixed } from "../../core/FixedMessage.ts"
import * as Siwx from "../../core/Siwx.ts"

class Example extends Schema.TaggedError<Example>()("Example", { message: fixed("Exactly this") }) {}

describe("FixedMessage.fixed", () => {
  it("fills the message in and accepts only that wording", () => {
    assert.strictEqual(new Example().message, "Exactly this")
    assert.strictEqual(new Example({}).message, "Exactly this")
    assert.isTrue(Option.isSome(Schema.decodeUnknownOption(Example)({ _tag: "Example", message: "Exactly this" })))
    assert.isTrue(Option.isNone(Schema.decodeUnknownOption(Example)({ _tag: "Example", message: "Something else" })))
  })

  it("spec errors construct with their wording and are Errors", () => {
    const declined = new Siwx.SignatureDeclinedError()
    assert.strictEqual(declined.message, "Signature declined")
    assert.instanceOf(declined, Error)
    assert.strictEqual(new EmbeddedWallet.EmbeddedWalletError().message, "An error occurred")
    assert.strictEqual(new EmbeddedWallet.EmbeddedWalletError({ message: "Frame says no" }).message, "Frame says no")
    assert.strictEqual(new EmbeddedWallet.RpcCallNotAllowedError().uiText, "Action not allowed")
  })
})
