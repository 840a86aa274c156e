/**
 * The share replacement's signed statement: EIP-712 in a domain of its own (a name and version, no chain,
 * no contract), binding the visitor, the server's nonce and the new set; and the frame's test of a site's
 * request against the reserved domain name and the legacy prefix.
 */
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex } from "@noble/hashes/utils"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { hashTypedData, recoverTypedDataAddress } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import * as ShareReplacement from "../../../core/embedded/ShareReplacement.ts"
import * as ShareSet from "../../../core/embedded/ShareSet.ts"

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill)
const passkeySet: ShareSet.ShareSet = {
  authShare: bytes(17, 1),
  recoveryShare: { version: 1, salt: bytes(32, 2), iv: bytes(12, 3), ciphertext: bytes(33, 4), credentialId: bytes(20, 5) },
  recoveryKind: "passkey"
}
const wire = Schema.encodeSync(ShareSet.ShareSet)
const authorization = { visitorId: "a".repeat(32), nonce: "N".repeat(43) }

describe("ShareReplacement", () => {
  it("names the set by the sha256 of its canonical JSON, in a domain with neither chain nor contract", () => {
    const encoded = wire(passkeySet)
    const data = ShareReplacement.typedData(authorization, encoded)
    assert.strictEqual(data.message.shareSetHash, `0x${bytesToHex(sha256(new TextEncoder().encode(ShareSet.canonicalJson(encoded))))}`)
    assert.deepStrictEqual(Object.keys(data.domain).toSorted(), ["name", "version"])
    assert.deepStrictEqual(data.message, { ...authorization, shareSetHash: data.message.shareSetHash })
  })

  it("any change to the visitor, the nonce, either share or the kind changes what is signed", () => {
    const original = hashTypedData(ShareReplacement.typedData(authorization, wire(passkeySet)))
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 255 }), fc.integer({ min: 0, max: 32 }), (index, delta, at) => {
        const authShare = Uint8Array.from(passkeySet.authShare, (byte, position) => (position === index ? (byte + delta) % 256 : byte))
        assert.notStrictEqual(hashTypedData(ShareReplacement.typedData(authorization, wire({ ...passkeySet, authShare }))), original)
        const ciphertext = Uint8Array.from(passkeySet.recoveryShare.ciphertext, (byte, position) => (position === at ? (byte + delta) % 256 : byte))
        const changed = wire({ ...passkeySet, recoveryShare: { ...passkeySet.recoveryShare, ciphertext } })
        assert.notStrictEqual(hashTypedData(ShareReplacement.typedData(authorization, changed)), original)
      })
    )
    assert.notStrictEqual(hashTypedData(ShareReplacement.typedData(authorization, { ...wire(passkeySet), recoveryKind: "code" })), original)
    assert.notStrictEqual(hashTypedData(ShareReplacement.typedData({ ...authorization, nonce: "M".repeat(43) }, wire(passkeySet))), original)
    assert.notStrictEqual(hashTypedData(ShareReplacement.typedData({ ...authorization, visitorId: "b".repeat(32) }, wire(passkeySet))), original)
  })

  it.effect("a signature recovers to the signer's address", () =>
    Effect.gen(function*() {
      const account = privateKeyToAccount(generatePrivateKey())
      const data = ShareReplacement.typedData(authorization, wire(passkeySet))
      const signature = yield* Effect.promise(() => account.signTypedData(data))
      assert.strictEqual(yield* Effect.promise(() => recoverTypedDataAddress({ ...data, signature })), account.address)
    }))

  it("reserves its domain name and the legacy prefix, whatever their case, spacing or Unicode form", () => {
    for (const name of ["Portico Embedded Wallet", "portico embedded wallet", "  PORTICO EMBEDDED WALLET ", "Ｐｏｒｔｉｃｏ Embedded Wallet"]) {
      assert.isTrue(ShareReplacement.isReservedTypedData({ name, version: "2", chainId: 1 }), name)
    }
    for (const domain of [{ name: "Portico" }, { name: "Uniswap" }, { version: "1" }, { name: 7 }]) {
      assert.isFalse(ShareReplacement.isReservedTypedData(domain), JSON.stringify(domain))
    }
    for (const text of ["Portico: replace key shares 00", "  portico: anything", "PORTICO:"]) assert.isTrue(ShareReplacement.isReservedText(text), text)
    for (const text of ["Sign in to Portico", "Porticos: x", "hello"]) assert.isFalse(ShareReplacement.isReservedText(text), text)
  })
})
