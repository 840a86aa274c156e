import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as ConnectionState from "../../core/ConnectionState.ts"

describe("ConnectionState", () => {
  it("status is disconnected, connecting or connected", () => {
    assert.deepStrictEqual([...ConnectionState.ConnectionStatus.literals], ["disconnected", "connecting", "connected"])
    assert.isTrue(Schema.is(ConnectionState.ConnectionState)(ConnectionState.initial))
    assert.isFalse(Schema.is(ConnectionState.ConnectionState)({ ...ConnectionState.initial, status: "reconnecting" }))
  })

  it("reset clears the URI, expiry, linking and recent wallet, and sets disconnected", () => {
    const pairing: ConnectionState.ConnectionState = {
      wcUri: "wc:abc@2?relay-protocol=irn&symKey=00",
      wcPairingExpiry: 1_700_000_240_000,
      wcLinking: { name: "Demo", href: "demo://" },
      recentWallet: { id: "demo", name: "Demo" },
      wcError: true,
      buffering: false,
      status: "connecting"
    }
    assert.deepStrictEqual(ConnectionState.reset(pairing), { wcError: true, buffering: false, status: "disconnected" })
  })
})
