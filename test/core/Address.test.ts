import { assert, describe, it } from "@effect/vitest"
import { getBase58Decoder, isAddress as kitIsAddress } from "@solana/kit"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { bytesToHex, getAddress, isAddress as viemIsAddress } from "viem"
import * as Address from "../../core/Address.ts"

// viem requires the 0x prefix; the spec makes it optional, so the oracle adds it when missing.
const viemOracle = (input: string, strict: boolean): boolean =>
  viemIsAddress(input.startsWith("0x") ? input : `0x${input}`, { strict })

const bytes20 = fc.uint8Array({ minLength: 20, maxLength: 20 })
const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 })
const base58 = getBase58Decoder()

const flipCaseAt = (text: string, index: number): string => {
  const char = text.charAt(index)
  const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()
  return text.slice(0, index) + flipped + text.slice(index + 1)
}

/** Valid EVM addresses in every form, and single-step mutations of them. */
const evmCandidates = bytes20.chain((bytes) => {
  const lower = bytesToHex(bytes)
  const checksummed = getAddress(lower)
  const forms = [lower, checksummed, lower.slice(2), checksummed.slice(2), lower.toUpperCase().replace("0X", "0x")]
  return fc.oneof(
    fc.constantFrom(...forms),
    fc.tuple(fc.constantFrom(...forms), fc.nat()).map(([form, n]) => flipCaseAt(form, n % form.length)),
    fc.tuple(fc.constantFrom(...forms), fc.nat(), fc.constantFrom("g", "x", " ", "0", "ff"))
      .map(([form, n, extra]) => form.slice(0, n % form.length) + extra + form.slice(n % form.length)),
    fc.tuple(fc.constantFrom(...forms), fc.integer({ min: 1, max: 3 })).map(([form, cut]) => form.slice(0, -cut)),
    fc.constantFrom(`0X${lower.slice(2)}`, `0x0x${lower.slice(2)}`)
  )
})

/** Base58 strings of 32 random bytes, and mutations: bad alphabet characters, wrong lengths. */
const solanaCandidates = fc.oneof(
  bytes32.map((bytes) => base58.decode(bytes)),
  fc.tuple(bytes32, fc.nat(), fc.constantFrom("0", "O", "I", "l", "+", " "))
    .map(([bytes, n, bad]) => {
      const text = base58.decode(bytes)
      const at = n % text.length
      return text.slice(0, at) + bad + text.slice(at + 1)
    }),
  fc.uint8Array({ minLength: 20, maxLength: 40 }).map((bytes) => base58.decode(bytes)),
  fc.string({ unit: fc.constantFrom(..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"), minLength: 28, maxLength: 48 })
)

describe("Address", () => {
  it("eip155 agrees with viem's isAddress, strict and not, on valid and mutated addresses", () => {
    fc.assert(
      fc.property(evmCandidates, fc.boolean(), (candidate, strict) => {
        assert.strictEqual(Address.isValid("eip155", candidate, { strict }), viemOracle(candidate, strict), candidate)
      }),
      { numRuns: 500 }
    )
  })

  it("eip155 accepts 40 hex characters with or without 0x, and nothing else", () => {
    const hex = "52908400098527886E0F7030069857D2E4169EE7"
    assert.isTrue(Address.isValid("eip155", `0x${hex}`))
    assert.isTrue(Address.isValid("eip155", hex))
    assert.isFalse(Address.isValid("eip155", `0x${hex}0`))
    assert.isFalse(Address.isValid("eip155", `0x${hex.slice(1)}`))
    assert.isFalse(Address.isValid("eip155", `0X${hex}`))
    assert.isFalse(Address.isValid("eip155", ""))
  })

  it("eip155 strict mode checks the EIP-55 checksum (EIP-55 test vectors)", () => {
    const vectors = [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
      "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"
    ]
    for (const vector of vectors) {
      assert.strictEqual(Address.toChecksum(vector.toLowerCase()), vector)
      assert.isTrue(Address.isValid("eip155", vector, { strict: true }))
      const broken = vector.replace(/[a-f]/, (c) => c.toUpperCase())
      assert.isFalse(Address.isValid("eip155", broken, { strict: true }), broken)
      assert.isTrue(Address.isValid("eip155", broken), "non-strict ignores the checksum")
    }
    assert.isTrue(Address.isValid("eip155", vectors[0]!.toLowerCase(), { strict: true }), "lowercase has no checksum")
  })

  it("solana strict mode agrees with @solana/kit's isAddress; non-strict is base58 with 32 to 44 characters", () => {
    fc.assert(
      fc.property(solanaCandidates, (candidate) => {
        assert.strictEqual(Address.isValid("solana", candidate, { strict: true }), kitIsAddress(candidate), candidate)
        const shape = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(candidate)
        assert.strictEqual(Address.isValid("solana", candidate), shape, candidate)
        if (kitIsAddress(candidate)) assert.isTrue(Address.isValid("solana", candidate))
      }),
      { numRuns: 500 }
    )
  })

  it("solana length bounds: 32 and 44 pass, 31 and 45 fail", () => {
    assert.isTrue(Address.isValid("solana", "1".repeat(32)))
    assert.isTrue(Address.isValid("solana", "z".repeat(44)))
    assert.isFalse(Address.isValid("solana", "1".repeat(31)))
    assert.isFalse(Address.isValid("solana", "z".repeat(45)))
    assert.isTrue(Address.isValid("solana", "11111111111111111111111111111111", { strict: true }))
  })

  it("every other namespace is invalid, even for an address valid elsewhere", () => {
    for (const namespace of ["polkadot", "bip122", "cosmos", "EIP155", ""]) {
      assert.isFalse(Address.isValid(namespace, "0x52908400098527886E0F7030069857D2E4169EE7"))
      assert.isFalse(Address.isValid(namespace, "11111111111111111111111111111111"))
    }
  })

  it("the EvmAddress and SolanaAddress schemas apply the non-strict rules", () => {
    assert.isTrue(Schema.is(Address.EvmAddress)("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"))
    assert.isFalse(Schema.is(Address.EvmAddress)("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe"))
    assert.isTrue(Schema.is(Address.SolanaAddress)("11111111111111111111111111111111"))
    assert.isFalse(Schema.is(Address.SolanaAddress)("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"))
    const exit = Schema.decodeUnknownExit(Address.EvmAddress)("0x12")
    assert.isTrue(exit._tag === "Failure" && String(exit.cause).includes("a valid eip155 address"))
  })

  it.effect("validate succeeds with the address or fails with InvalidAddressError", () =>
    Effect.gen(function*() {
      const ok = yield* Address.validate("solana", "11111111111111111111111111111111")
      assert.strictEqual(ok, "11111111111111111111111111111111")
      const error = yield* Effect.flip(Address.validate("cosmos", "cosmos1abc"))
      assert.strictEqual(error._tag, "InvalidAddressError")
      assert.strictEqual(error.message, "Invalid address")
      assert.strictEqual(error.namespace, "cosmos")
    }))
})
