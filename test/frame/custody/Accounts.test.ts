import { ed25519 } from "@noble/curves/ed25519"
import { hmac } from "@noble/hashes/hmac"
import { sha512 } from "@noble/hashes/sha2"
import { bytesToHex, hexToBytes } from "@noble/hashes/utils"
import { base58 } from "@scure/base"
import { mnemonicToEntropy } from "@scure/bip39"
import { wordlist } from "@scure/bip39/wordlists/english"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import Slip10 from "micro-key-producer/slip10.js"
import { mnemonicToAccount } from "viem/accounts"
import * as Accounts from "../../../frame/custody/Accounts.ts"
import * as Seed from "../../../frame/custody/Seed.ts"

const junk = "test test test test test test test test test test test junk"

const seedOf = (phrase: string) => Seed.fromEntropy(mnemonicToEntropy(phrase, wordlist))

/** SLIP-0010's ed25519 derivation written out from its text, for hardened indexes only (all ed25519 has). */
const slip10Ed25519 = (seed: Uint8Array, path: ReadonlyArray<number>): Uint8Array => {
  const master = hmac(sha512, new TextEncoder().encode("ed25519 seed"), seed)
  let key = master.slice(0, 32)
  let chainCode = master.slice(32)
  for (const index of path) {
    const data = new Uint8Array(37)
    data.set(key, 1)
    new DataView(data.buffer).setUint32(33, index + 0x80000000)
    const child = hmac(sha512, chainCode, data)
    key = child.slice(0, 32)
    chainCode = child.slice(32)
  }
  return key
}

describe("Accounts", () => {
  it.effect("the EVM account of the test phrase is Hardhat's first account", () =>
    Effect.gen(function*() {
      const seed = yield* seedOf(junk)
      assert.strictEqual(Accounts.evmAccount(seed).address, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
      assert.strictEqual(Accounts.addressesOf(seed).evm, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
    }))

  it.effect("the EVM address is checksummed and matches viem's own derivation at m/44'/60'/0'/0/0", () =>
    Effect.gen(function*() {
      const seed = yield* Seed.generate
      assert.strictEqual(Accounts.addressesOf(seed).evm, mnemonicToAccount(Seed.phraseOf(seed)).address)
    }))

  it("micro-key-producer's SLIP-0010 meets SLIP-0010's published ed25519 vector 1", () => {
    const root = Slip10.fromMasterSeed(hexToBytes("000102030405060708090a0b0c0d0e0f"))
    const vector = [
      ["m", "90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb", "2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7", "00a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed"],
      ["m/0'", "8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69", "68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3", "008c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c"],
      ["m/0'/1'", "a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14", "b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2", "001932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187"],
      ["m/0'/1'/2'", "2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c", "92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9", "00ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1"],
      ["m/0'/1'/2'/2'", "8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc", "30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662", "008abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c"],
      ["m/0'/1'/2'/2'/1000000000'", "68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230", "8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793", "003c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a"]
    ] as const
    for (const [path, chainCode, privateKey, publicKey] of vector) {
      const node = path === "m" ? root : root.derive(path)
      assert.strictEqual(bytesToHex(node.chainCode), chainCode, path)
      assert.strictEqual(bytesToHex(node.privateKey), privateKey, path)
      assert.strictEqual(bytesToHex(node.publicKey), publicKey, path)
    }
  })

  it("the independent SLIP-0010 derivation meets the same vector", () => {
    const key = slip10Ed25519(hexToBytes("000102030405060708090a0b0c0d0e0f"), [0, 1, 2, 2, 1000000000])
    assert.strictEqual(bytesToHex(key), "8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793")
  })

  it.effect("the Solana address of the test phrase is the one SLIP-0010 gives at m/44'/501'/0'/0', as Phantom derives it", () =>
    Effect.gen(function*() {
      const seed = yield* seedOf(junk)
      const independent = base58.encode(ed25519.getPublicKey(slip10Ed25519(seed.bip39Seed, [44, 501, 0, 0])))
      assert.strictEqual(Accounts.solanaAddress(seed), independent)
      assert.strictEqual(Accounts.addressesOf(seed).solana, "oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96")
    }))

  it.effect("every seed's Solana address matches the independent derivation", () =>
    Effect.gen(function*() {
      for (let run = 0; run < 5; run++) {
        const seed = yield* Seed.generate
        assert.strictEqual(Accounts.solanaAddress(seed), base58.encode(ed25519.getPublicKey(slip10Ed25519(seed.bip39Seed, [44, 501, 0, 0]))))
      }
    }))

  it.effect("a key lent to a call is overwritten when the call returns", () =>
    Effect.gen(function*() {
      const seed = yield* seedOf(junk)
      let lent: Uint8Array = new Uint8Array()
      const copied = Accounts.withSolanaKey(seed, (privateKey) => {
        lent = privateKey
        return Uint8Array.from(privateKey)
      })
      assert.isFalse(copied.every((byte) => byte === 0))
      assert.isTrue(lent.every((byte) => byte === 0))
      const evm = Accounts.withEvmKey(seed, (privateKey) => {
        lent = privateKey
        return Uint8Array.from(privateKey)
      })
      assert.isFalse(evm.every((byte) => byte === 0))
      assert.isTrue(lent.every((byte) => byte === 0))
    }))
})
