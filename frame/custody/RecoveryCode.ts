/**
 * The recovery code, for visitors without a PRF-capable passkey (docs/embedded-wallet.md "Custody"):
 * 128 random bits shown once, as 26 Crockford base32 symbols and Crockford's check symbol (the value
 * modulo 37), in groups of four. Modulo the prime 37, every single wrong symbol and every swap of two
 * neighbours changes the check, so such typos are refused before any decryption is tried.
 *
 * Reading it back forgives case, dashes, spaces and the look-alikes O/0 and I/L/1.
 */
import { base32crockford, utils } from "@scure/base"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "../../core/FixedMessage.ts"

const codeLength = 16
/** 128 bits in 5-bit symbols. */
const symbolCount = 26
/** Crockford's check symbols: the 32 of base32, then the values 32 to 36. */
const checkSymbols = "0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U"

const checkSymbolOf = (code: Uint8Array): string =>
  checkSymbols.charAt(utils.radix2(5).encode(code).reduce((rest, symbol) => (rest * 32 + symbol) % 37, 0))

export const generate = (): Uint8Array => crypto.getRandomValues(new Uint8Array(codeLength))

/** As shown to the visitor: `XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXC`, the check symbol last. */
export const format = (code: Uint8Array): string =>
  (base32crockford.encode(code) + checkSymbolOf(code)).match(/.{1,4}/g)?.join("-") ?? ""

/** The code's 16 bytes, or why the text is not a recovery code. */
export const parse = (text: string): Effect.Effect<Uint8Array, InvalidRecoveryCodeError> =>
  Effect.gen(function*() {
    const symbols = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1")
    if (symbols.length !== symbolCount + 1) return yield* new InvalidRecoveryCodeError({ reason: "length" })
    const code = yield* Effect.try({
      try: () => base32crockford.decode(symbols.slice(0, symbolCount)),
      catch: () => new InvalidRecoveryCodeError({ reason: "symbols" })
    })
    if (checkSymbolOf(code) !== symbols.slice(symbolCount)) return yield* new InvalidRecoveryCodeError({ reason: "checksum" })
    return code
  })

export class InvalidRecoveryCodeError extends Schema.TaggedError<InvalidRecoveryCodeError>()("InvalidRecoveryCodeError", {
  message: fixed("This is not the recovery code: check it for typos"),
  /** Too few or too many symbols; a symbol outside the alphabet; or a typo the check symbol caught. */
  reason: Schema.Literals(["length", "symbols", "checksum"])
}) {}
