import { base64urlnopad } from "@scure/base"
import { assert, describe, it } from "@effect/vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as ShareSet from "../../../core/embedded/ShareSet.ts"

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill)

const codeSet: ShareSet.ShareSet = {
  authShare: bytes(17, 1),
  recoveryShare: { version: 1, salt: bytes(32, 2), iv: bytes(12, 3), ciphertext: bytes(33, 4) },
  recoveryKind: "code"
}
const passkeySet: ShareSet.ShareSet = {
  ...codeSet,
  recoveryShare: { ...codeSet.recoveryShare, credentialId: bytes(20, 5) },
  recoveryKind: "passkey"
}

const decode = Schema.decodeUnknownExit(ShareSet.ShareSet)
const wire = Schema.encodeSync(ShareSet.ShareSet)

describe("ShareSet", () => {
  it("on the wire: the auth share and the sealed recovery share as unpadded base64url, in its fixed layout", () => {
    const encoded = wire(passkeySet)
    assert.strictEqual(encoded.authShare, base64urlnopad.encode(bytes(17, 1)))
    // version ‖ salt ‖ IV ‖ ciphertext ‖ credential id
    assert.strictEqual(
      encoded.recoveryShare,
      base64urlnopad.encode(Uint8Array.of(1, ...bytes(32, 2), ...bytes(12, 3), ...bytes(33, 4), ...bytes(20, 5)))
    )
    assert.strictEqual(wire(codeSet).recoveryShare, base64urlnopad.encode(Uint8Array.of(1, ...bytes(32, 2), ...bytes(12, 3), ...bytes(33, 4))))
    assert.strictEqual(encoded.recoveryKind, "passkey")
  })

  it("round-trips through its JSON", () => {
    for (const set of [codeSet, passkeySet]) {
      const decoded = decode(JSON.parse(JSON.stringify(wire(set))))
      assert.isTrue(Exit.isSuccess(decoded))
      if (Exit.isSuccess(decoded)) assert.deepStrictEqual(decoded.value, set)
    }
  })

  it("canonical JSON: keys in code-unit order, no whitespace", () => {
    const encoded = wire(passkeySet)
    assert.strictEqual(
      ShareSet.canonicalJson(encoded),
      `{"authShare":"${encoded.authShare}","recoveryKind":"passkey","recoveryShare":"${encoded.recoveryShare}"}`
    )
    // The order the fields arrived in does not matter.
    const reordered = { recoveryShare: encoded.recoveryShare, recoveryKind: encoded.recoveryKind, authShare: encoded.authShare }
    assert.strictEqual(ShareSet.canonicalJson(reordered), ShareSet.canonicalJson(encoded))
  })

  it("a passkey's set names its credential and a code's names none", () => {
    assert.isTrue(Exit.isFailure(decode({ ...wire(passkeySet), recoveryKind: "code" })))
    assert.isTrue(Exit.isFailure(decode({ ...wire(codeSet), recoveryKind: "passkey" })))
  })

  it("refuses shares of the wrong length, a sealed share too short or too long or of another version, and non-base64url", () => {
    const encoded = wire(codeSet)
    const sealed = (version: number, extra: number) =>
      base64urlnopad.encode(Uint8Array.of(version, ...bytes(32, 2), ...bytes(12, 3), ...bytes(33, 4), ...bytes(extra, 5)))
    const wrong = [
      { ...encoded, authShare: base64urlnopad.encode(bytes(16, 1)) },
      { ...encoded, authShare: base64urlnopad.encode(bytes(18, 1)) },
      { ...encoded, authShare: "not base64url!" },
      { ...encoded, recoveryShare: base64urlnopad.encode(Uint8Array.of(1, ...bytes(76, 2))) },
      { ...encoded, recoveryShare: sealed(2, 0) },
      { ...encoded, recoveryKind: "passkey", recoveryShare: sealed(1, 1024) },
      { ...encoded, recoveryKind: "password" }
    ]
    for (const input of wrong) assert.isTrue(Exit.isFailure(decode(input)), JSON.stringify(input))
    assert.isTrue(Exit.isSuccess(decode({ ...encoded, recoveryKind: "passkey", recoveryShare: sealed(1, 1023) })))
  })
})
