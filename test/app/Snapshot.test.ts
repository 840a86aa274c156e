import { describe, expect, it } from "vitest"
import * as Snapshot from "../../app/Snapshot.ts"

describe("Snapshot store", () => {
  it("notifies only when a value changes", () => {
    const store = Snapshot.make()
    let calls = 0
    store.subscribe(() => calls++)
    store.update({ modalOpen: false })
    expect(calls).toBe(0)
    store.update({ modalOpen: true })
    expect(calls).toBe(1)
    expect(store.get().modalOpen).toBe(true)
  })
})

describe("stored session hint", () => {
  it("is false where there is no localStorage (servers, workers)", () => {
    expect(Snapshot.hasStoredSession()).toBe(false)
  })
})
