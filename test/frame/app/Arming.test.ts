/**
 * When a panel's decisive button may act (frame/app/Arming.ts), as properties over any history of the
 * browser's signals: never before the panel has been proven visible for a second, never on a pointer that
 * arrived less than a second ago (a panel slid under it) or a focus that just came, and any loss starts
 * the wait again; a steady, visible panel always acts.
 */
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Arming from "../../../frame/app/Arming.ts"

const signal = fc.constantFrom<Arming.Signal>("visibleSince", "pointerInsideSince", "focusedSince")
/** A history of signals, each after a gap, ending at some time after the last one. */
const history = fc.record({
  steps: fc.array(fc.record({ signal, on: fc.boolean(), gap: fc.integer({ min: 0, max: 3_000 }) }), { maxLength: 30 }),
  after: fc.integer({ min: 0, max: 3_000 })
})

const replay = ({ steps, after }: typeof history extends fc.Arbitrary<infer A> ? A : never) => {
  let now = 0
  let signals = Arming.initial
  const changes: Array<{ readonly signal: Arming.Signal; readonly on: boolean; readonly at: number }> = []
  for (const step of steps) {
    now += step.gap
    signals = Arming.update(signals, step.signal, step.on, now)
    changes.push({ signal: step.signal, on: step.on, at: now })
  }
  return { signals, now: now + after, changes }
}

/** Since when `name` has held without a break at the end of `changes`, or undefined when it does not hold. */
const heldSince = (changes: ReadonlyArray<{ readonly signal: Arming.Signal; readonly on: boolean; readonly at: number }>, name: Arming.Signal) => {
  let since: number | undefined
  for (const change of changes) {
    if (change.signal !== name) continue
    if (!change.on) since = undefined
    else since ??= change.at
  }
  return since
}

describe("Arming", () => {
  it("acts on a pointer only after a second of visibility and of the pointer inside, both unbroken", () => {
    fc.assert(fc.property(history, (input) => {
      const { signals, now, changes } = replay(input)
      const visible = heldSince(changes, "visibleSince")
      const pointer = heldSince(changes, "pointerInsideSince")
      const expected = visible !== undefined && now - visible >= 1_000 && pointer !== undefined && now - pointer >= 1_000
      expect(Arming.accepts(signals, "pointer", now)).toBe(expected)
    }))
  })

  it("acts on a key only after a second of visibility and of focus, both unbroken", () => {
    fc.assert(fc.property(history, (input) => {
      const { signals, now, changes } = replay(input)
      const visible = heldSince(changes, "visibleSince")
      const focused = heldSince(changes, "focusedSince")
      expect(Arming.accepts(signals, "keyboard", now)).toBe(visible !== undefined && now - visible >= 1_000 && focused !== undefined && now - focused >= 1_000)
    }))
  })

  it("refuses the tricks: a panel made visible, or slid under the pointer, just before the click", () => {
    const steady = [["visibleSince", 0], ["pointerInsideSince", 0], ["focusedSince", 0]] as const
    let signals = steady.reduce((state, [name, at]) => Arming.update(state, name, true, at), Arming.initial)
    expect(Arming.accepts(signals, "pointer", 5_000)).toBe(true)
    // Opacity or an overlay for a moment, lifted 300 ms before the click.
    signals = Arming.update(Arming.update(signals, "visibleSince", false, 4_000), "visibleSince", true, 4_700)
    expect(Arming.accepts(signals, "pointer", 5_000)).toBe(false)
    expect(Arming.armed(signals, 5_700)).toBe(true)
    // The pointer rested elsewhere; the panel arrives under it 50 ms before the press.
    signals = Arming.update(Arming.update(signals, "pointerInsideSince", false, 6_000), "pointerInsideSince", true, 7_950)
    expect(Arming.accepts(signals, "pointer", 8_000)).toBe(false)
    expect(Arming.accepts(signals, "pointer", 8_950)).toBe(true)
    expect(Arming.armsAt(signals)).toBe(5_700)
    expect(Arming.armsAt(Arming.update(signals, "visibleSince", false, 9_000))).toBeUndefined()
  })
})
