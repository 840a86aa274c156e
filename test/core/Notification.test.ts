import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as Notification from "../../core/Notification.ts"

describe("Notification", () => {
  it("variants are success, loading and error; the initial toast is closed", () => {
    const is = Schema.is(Notification.Notification)
    assert.deepStrictEqual([...Notification.NotificationVariant.literals], ["success", "loading", "error"])
    assert.isTrue(is(Notification.initial))
    assert.isFalse(Notification.initial.open)
    assert.isTrue(is({ message: "Copied", variant: "success", svg: "checkmark", open: true, autoClose: true }))
    assert.isFalse(is({ message: "Oops", variant: "warning", open: true, autoClose: true }))
  })
})
