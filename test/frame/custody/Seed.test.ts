import { assert, describe, it } from "@effect/vitest"
import { mnemonicToEntropy, mnemonicToSeedSync, validateMnemonic } from "@scure/bip39"
import { wordlist } from "@scure/bip39/wordlists/english"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import * as Seed from "../../../frame/custody/Seed.ts"

describe("Seed", () => {
  it.effect("a new seed is 16 bytes of entropy, a valid 12-word phrase and its BIP-39 seed", () =>
    Effect.gen(function*() {
      const seed = yield* Seed.generate
      assert.strictEqual(seed.entropy.length, 16)
      const phrase = Seed.phraseOf(seed)
      assert.strictEqual(phrase.split(" ").length, 12)
      assert.isTrue(validateMnemonic(phrase, wordlist))
      assert.deepStrictEqual(seed.bip39Seed, mnemonicToSeedSync(phrase))
      const other = yield* Seed.generate
      assert.notDeepEqual(other.entropy, seed.entropy)
    }))

  it.effect("BIP-39's published vector: zero entropy is 'abandon … about', with its seed", () =>
    Effect.gen(function*() {
      const seed = yield* Seed.fromEntropy(new Uint8Array(16))
      assert.strictEqual(Seed.phraseOf(seed), "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
      // BIP-39's vectors use the passphrase "TREZOR"; without one this is the seed every wallet derives.
      assert.strictEqual(
        Buffer.from(seed.bip39Seed).toString("hex"),
        "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4"
      )
    }))

  it.effect("the phrase gives the entropy back", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 16, maxLength: 16 }), async (entropy) => {
          const seed = await Effect.runPromise(Seed.fromEntropy(entropy))
          assert.deepStrictEqual(mnemonicToEntropy(Seed.phraseOf(seed), wordlist), entropy)
        }),
        { numRuns: 20 }
      )
    ))

  it.effect("entropy of any other length is refused", () =>
    Effect.gen(function*() {
      for (const length of [0, 15, 17, 32]) {
        const error = yield* Effect.flip(Seed.fromEntropy(new Uint8Array(length)))
        assert.strictEqual(error._tag, "InvalidEntropyError")
        assert.strictEqual(error.length, length)
      }
    }))

  it.effect("a copy is independent, and wipe zeroes the bytes", () =>
    Effect.gen(function*() {
      const seed = yield* Seed.generate
      const copy = Seed.copy(seed)
      Seed.wipe(copy)
      assert.isTrue(copy.entropy.every((byte) => byte === 0) && copy.bip39Seed.every((byte) => byte === 0))
      assert.isFalse(seed.bip39Seed.every((byte) => byte === 0))
    }))

  it.effect("the seed keeps its own copy of the entropy", () =>
    Effect.gen(function*() {
      const entropy = new Uint8Array(16).fill(7)
      const seed = yield* Seed.fromEntropy(entropy)
      entropy.fill(0)
      assert.deepStrictEqual(seed.entropy, new Uint8Array(16).fill(7))
    }))
})
