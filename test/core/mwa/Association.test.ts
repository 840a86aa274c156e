import { assert, describe, it } from "@effect/vitest"
import { base64urlnopad } from "@scure/base"
import * as fc from "fast-check"
import * as Association from "../../../core/mwa/Association.ts"
import * as Handshake from "../../../core/mwa/Handshake.ts"
import { readLocalUri } from "../../../sandbox/mwa/MwaWallet.ts"

describe("MWA association", () => {
  it("the local URI carries the association token, the port and the version, as the spec writes it", () => {
    const association = Association.make(50123)
    const uri = Association.localUri(association)
    assert.strictEqual(uri, `solana-wallet:/v1/associate/local?association=${association.token}&port=50123&v=v1`)
    assert.match(association.token, /^[A-Za-z0-9_-]+$/, "base64url without padding")
    const token = base64urlnopad.decode(association.token)
    assert.deepStrictEqual(token, association.publicKey)
    assert.isTrue(Handshake.isPoint(token), "the X9.62 public point of a P-256 key")
    // The wallet app (the sandbox's) reads the same key and port back.
    assert.deepStrictEqual(readLocalUri(uri), { associationPublicKey: association.publicKey, port: 50123 })
  })

  it("the port is drawn from 49152–65535 and the socket is on localhost at /solana-wallet", () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        const port = Association.randomPort()
        assert.isTrue(Number.isInteger(port) && port >= 49152 && port <= 65535, String(port))
      }),
      { numRuns: 500 }
    )
    assert.strictEqual(Association.socketUrl(50000), "ws://127.0.0.1:50000/solana-wallet")
  })

  it("every association is a new keypair", () => {
    assert.notDeepEqual(Association.make().publicKey, Association.make().publicKey)
  })
})
