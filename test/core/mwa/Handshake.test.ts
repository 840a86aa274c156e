import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as Association from "../../../core/mwa/Association.ts"
import * as Handshake from "../../../core/mwa/Handshake.ts"

describe("MWA session establishment", () => {
  it("the wallet verifies HELLO_REQ and both sides derive the same 16-byte session key", () => {
    // Fresh keys each round: the key material is random, not drawn by fast-check.
    for (let round = 0; round < 20; round++) {
      const association = Association.make()
      const dapp = Handshake.ecdhKeys()
      const request = Handshake.helloRequest(association.privateKey, dapp)
      assert.strictEqual(request.length, 65 + 64)
      const dappPoint = Handshake.verifyHelloRequest(request, association.publicKey)
      assert.deepStrictEqual(dappPoint, dapp.publicKey)
      const wallet = Handshake.ecdhKeys()
      const walletKey = Handshake.sessionKey(wallet.privateKey, dapp.publicKey, association.publicKey)
      const dappKey = Handshake.sessionKey(dapp.privateKey, wallet.publicKey, association.publicKey)
      assert.strictEqual(dappKey.length, 16)
      assert.deepStrictEqual(dappKey, walletKey)
    }
  })

  it("the association public key is the salt: another association derives another key", () => {
    const dapp = Handshake.ecdhKeys()
    const wallet = Handshake.ecdhKeys()
    const one = Handshake.sessionKey(dapp.privateKey, wallet.publicKey, Association.make().publicKey)
    const other = Handshake.sessionKey(dapp.privateKey, wallet.publicKey, Association.make().publicKey)
    assert.notDeepEqual(one, other)
  })

  it("HELLO_REQ signed by another association key, or altered in any bit, is refused", () => {
    const association = Association.make()
    const request = Handshake.helloRequest(Association.make().privateKey, Handshake.ecdhKeys())
    assert.isUndefined(Handshake.verifyHelloRequest(request, association.publicKey))
    const genuine = Handshake.helloRequest(association.privateKey, Handshake.ecdhKeys())
    fc.assert(
      fc.property(fc.integer({ min: 0, max: genuine.length - 1 }), fc.integer({ min: 0, max: 7 }), (at, bit) => {
        const altered = Uint8Array.from(genuine)
        altered[at] = (altered[at] ?? 0) ^ (1 << bit)
        assert.isUndefined(Handshake.verifyHelloRequest(altered, association.publicKey))
      }),
      { numRuns: 50 }
    )
    assert.isUndefined(Handshake.verifyHelloRequest(genuine.subarray(0, 128), association.publicKey))
  })

  it("HELLO_RSP whose Qw is not a point on P-256 is refused", () => {
    const wallet = Handshake.ecdhKeys()
    assert.isDefined(Handshake.readHelloResponse(wallet.publicKey))
    const offCurve = Uint8Array.from(wallet.publicKey)
    offCurve[64] = (offCurve[64] ?? 0) ^ 1
    assert.isUndefined(Handshake.readHelloResponse(offCurve))
    const compressed = Uint8Array.from(wallet.publicKey)
    compressed[0] = 2
    assert.isUndefined(Handshake.readHelloResponse(compressed))
    assert.isUndefined(Handshake.readHelloResponse(wallet.publicKey.subarray(0, 64)))
  })
})
