import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as fc from "fast-check"
import * as RecoveryCode from "../../../frame/custody/RecoveryCode.ts"

const codes = fc.uint8Array({ minLength: 16, maxLength: 16 })
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
const parse = (text: string) => Effect.runSyncExit(RecoveryCode.parse(text))

const parsesTo = (text: string, code: Uint8Array) => {
  const exit = parse(text)
  assert.isTrue(Exit.isSuccess(exit), text)
  if (Exit.isSuccess(exit)) assert.deepStrictEqual(exit.value, code)
}

const reasonOf = (text: string) => {
  const exit = parse(text)
  const reason = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
  return reason?._tag === "Fail" ? reason.error.reason : undefined
}

describe("RecoveryCode", () => {
  it("a new code is 128 random bits", () => {
    const code = RecoveryCode.generate()
    assert.strictEqual(code.length, 16)
    assert.notDeepEqual(RecoveryCode.generate(), code)
  })

  it("is shown as 26 Crockford symbols and a check symbol, in groups of four", () => {
    fc.assert(
      fc.property(codes, (code) => {
        assert.match(RecoveryCode.format(code), /^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{2}[0-9A-HJKMNP-TV-Z*~$=U]$/)
      })
    )
  })

  it("Crockford's check symbol is the value modulo 37", () => {
    // The 26 symbols carry the 128 bits and two zero padding bits: the number they write is the code × 4.
    assert.strictEqual(RecoveryCode.format(new Uint8Array(16)), "0000-0000-0000-0000-0000-0000-000")
    // 1 × 4 = 4, and 4 mod 37 = 4.
    assert.strictEqual(RecoveryCode.format(Uint8Array.of(...new Uint8Array(15), 1)), "0000-0000-0000-0000-0000-0000-044")
    // 9 × 4 = 36 ("14" in base 32), and 36 mod 37 = 36: the check symbol "U".
    assert.strictEqual(RecoveryCode.format(Uint8Array.of(...new Uint8Array(15), 9)), "0000-0000-0000-0000-0000-0000-14U")
    // 10 × 4 = 40 ("18"), and 40 mod 37 = 3.
    assert.strictEqual(RecoveryCode.format(Uint8Array.of(...new Uint8Array(15), 10)), "0000-0000-0000-0000-0000-0000-183")
  })

  it("reads back what it shows", () => {
    fc.assert(fc.property(codes, (code) => parsesTo(RecoveryCode.format(code), code)))
  })

  it("forgives case, spaces, missing or extra dashes and the look-alikes O/0 and I/L/1", () => {
    fc.assert(
      fc.property(codes, fc.constantFrom(" ", "", "-", " - ", "\t"), fc.boolean(), (code, separator, lower) => {
        const shown = RecoveryCode.format(code)
        const typed = shown
          .split("-")
          .join(separator)
          .replace(/0/g, "O")
          .replace(/1/g, () => (lower ? "l" : "I"))
        parsesTo(lower ? typed.toLowerCase() : typed, code)
        parsesTo(`  ${shown}  `, code)
      })
    )
  })

  it("catches every single mistyped symbol", () => {
    fc.assert(
      fc.property(codes, fc.nat(26), fc.nat(31), (code, position, shift) => {
        const symbols = RecoveryCode.format(code).replace(/-/g, "")
        const current = alphabet.indexOf(symbols[position]!)
        // A check symbol of 32 to 36 is outside the alphabet: replace it by any of the 32.
        const replacement = alphabet[current === -1 ? shift : (current + 1 + shift) % 32]!
        if (replacement === symbols[position]) return
        const typo = symbols.slice(0, position) + replacement + symbols.slice(position + 1)
        assert.include(["checksum", "symbols"], reasonOf(typo), typo)
      })
    )
  })

  it("catches every swap of two neighbouring symbols", () => {
    fc.assert(
      fc.property(codes, fc.nat(25), (code, position) => {
        const symbols = RecoveryCode.format(code).replace(/-/g, "")
        if (symbols[position] === symbols[position + 1]) return
        const swapped = symbols.slice(0, position) + symbols[position + 1] + symbols[position] + symbols.slice(position + 2)
        assert.include(["checksum", "symbols"], reasonOf(swapped), swapped)
      })
    )
  })

  it("refuses too short, too long and symbols outside the alphabet", () => {
    const shown = RecoveryCode.format(RecoveryCode.generate())
    assert.strictEqual(reasonOf(shown.slice(0, -1)), "length")
    assert.strictEqual(reasonOf(`${shown}0`), "length")
    assert.strictEqual(reasonOf(""), "length")
    assert.strictEqual(reasonOf(`U${shown.replace(/-/g, "").slice(1)}`), "symbols")
    assert.strictEqual(reasonOf(`!${shown.replace(/-/g, "").slice(1)}`), "symbols")
  })
})
