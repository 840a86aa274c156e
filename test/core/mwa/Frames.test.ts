import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import * as fc from "fast-check"
import * as Frames from "../../../core/mwa/Frames.ts"

const key = fc.uint8Array({ minLength: 16, maxLength: 16 })
const plaintext = fc.uint8Array({ maxLength: 512 })

describe("MWA encrypted message wrapping", () => {
  it("a sealed frame opens to its plaintext under its key and sequence number", () => {
    fc.assert(
      fc.property(key, fc.integer({ min: 1, max: Frames.maxSequence }), plaintext, (k, sequence, text) => {
        const frame = Frames.seal(k, sequence, text)
        assert.strictEqual(frame.length, 4 + 12 + text.length + 16)
        assert.deepStrictEqual(new DataView(frame.buffer).getUint32(0), sequence)
        const opened = Frames.open(k, sequence, frame)
        assert.isTrue(Result.isSuccess(opened))
        if (Result.isSuccess(opened)) assert.deepStrictEqual(opened.success, text)
      })
    )
  })

  it("a frame with any one bit flipped is refused", () => {
    fc.assert(
      fc.property(key, plaintext, fc.nat(), fc.integer({ min: 0, max: 7 }), (k, text, at, bit) => {
        const frame = Frames.seal(k, 1, text)
        const index = at % frame.length
        frame[index] = (frame[index] ?? 0) ^ (1 << bit)
        // A flip in the sequence number is caught as out of sequence; anywhere else the tag fails.
        assert.deepStrictEqual(Frames.open(k, 1, frame), Result.fail(index < 4 ? "sequence" : "tag"))
      })
    )
  })

  it("a frame sealed under another key is refused", () => {
    fc.assert(
      fc.property(key, key, plaintext, (k, other, text) => {
        fc.pre(k.some((byte, at) => byte !== other[at]))
        assert.deepStrictEqual(Frames.open(other, 1, Frames.seal(k, 1, text)), Result.fail("tag"))
      })
    )
  })

  it("a channel takes the next number only: replayed, skipped and reordered frames are refused", () => {
    fc.assert(
      fc.property(key, fc.array(plaintext, { minLength: 3, maxLength: 6 }), (k, texts) => {
        const sender = Frames.channel(k)
        const receiver = Frames.channel(k)
        const frames = texts.map((text) => sender.seal(text))
        const [first, second, third] = frames as [Uint8Array, Uint8Array, Uint8Array]
        assert.isTrue(Result.isSuccess(receiver.open(first)))
        assert.deepStrictEqual(receiver.open(first), Result.fail("sequence"), "replayed")
        assert.deepStrictEqual(receiver.open(third), Result.fail("sequence"), "skipped ahead")
        assert.isTrue(Result.isSuccess(receiver.open(second)), "a refused frame does not move the counter")
        assert.isTrue(Result.isSuccess(receiver.open(third)))
      })
    )
  })

  it("a frame too short to hold a tag is refused", () => {
    assert.deepStrictEqual(Frames.open(new Uint8Array(16), 1, new Uint8Array(31)), Result.fail("tag"))
  })
})
