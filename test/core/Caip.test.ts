import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as Caip from "../../core/Caip.ts"

const part = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !text.includes(":"))
const namespace = fc.constantFrom(...Caip.chainNamespaces)

const failsWith = <E extends { readonly _tag: string }>(effect: Effect.Effect<unknown, E>, tag: string) => {
  const exit = Effect.runSyncExit(Effect.flip(effect))
  assert.isTrue(Exit.isSuccess(exit))
  if (Exit.isSuccess(exit)) assert.strictEqual(exit.value._tag, tag)
}

describe("Caip", () => {
  it("knows exactly the five chain namespaces", () => {
    assert.deepStrictEqual([...Caip.chainNamespaces], ["eip155", "solana", "polkadot", "bip122", "cosmos"])
    assert.isTrue(Caip.isChainNamespace("bip122"))
    assert.isFalse(Caip.isChainNamespace("tron"))
  })

  it("network id: parse then format is the identity, for any two non-empty colon-free parts", () => {
    fc.assert(
      fc.property(part, part, (ns, reference) => {
        const text = `${ns}:${reference}`
        const parsed = Effect.runSync(Caip.parseNetworkId(text))
        assert.deepStrictEqual(parsed, { namespace: ns, reference })
        assert.strictEqual(Caip.formatNetworkId(parsed), text)
        assert.isTrue(Caip.isNetworkId(text))
      })
    )
  })

  it("network id: anything but two non-empty parts is rejected with InvalidCaipNetworkIdError", () => {
    for (const bad of ["", "eip155", "eip155:", ":1", "eip155:1:0xabc", ":", "a::b"]) {
      failsWith(Caip.parseNetworkId(bad), "InvalidCaipNetworkIdError")
      assert.isFalse(Caip.isNetworkId(bad), bad)
    }
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 5 }), (parts) => {
        const text = parts.join(":")
        const valid = text.split(":").length === 2 && text.split(":").every((p) => p.length > 0)
        assert.strictEqual(Exit.isSuccess(Effect.runSyncExit(Caip.parseNetworkId(text))), valid, text)
      })
    )
  })

  it("address: parse then format is the identity for a known namespace and two more non-empty parts", () => {
    fc.assert(
      fc.property(namespace, part, part, (ns, reference, address) => {
        const text = `${ns}:${reference}:${address}`
        const parsed = Effect.runSync(Caip.parseAddress(text))
        assert.deepStrictEqual(parsed, { namespace: ns, reference, address })
        assert.strictEqual(Caip.formatAddress(parsed), text)
        assert.strictEqual(Caip.networkIdOf(parsed), `${ns}:${reference}`)
        assert.isTrue(Caip.isAddress(text))
      })
    )
  })

  it("address: unknown namespace, empty parts or a wrong part count fail with InvalidCaipAddressError", () => {
    const bad = [
      "tron:1:TXYZ",
      "eip155:1:",
      "eip155::0xabc",
      ":1:0xabc",
      "eip155:1",
      "eip155:1:0xabc:extra",
      "EIP155:1:0xabc",
      ""
    ]
    for (const text of bad) {
      failsWith(Caip.parseAddress(text), "InvalidCaipAddressError")
      assert.isFalse(Caip.isAddress(text), text)
    }
    const error = Effect.runSync(Effect.flip(Caip.parseAddress("x")))
    assert.strictEqual(error.message, "Invalid CAIP-10 address")
    assert.strictEqual(error.input, "x")
  })

  it("the CaipNetworkId and CaipAddress schemas apply the same rules", () => {
    const networkId = Schema.is(Caip.CaipNetworkId)
    const address = Schema.is(Caip.CaipAddress)
    assert.isTrue(networkId("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"))
    assert.isFalse(networkId("solana"))
    assert.isFalse(networkId(1))
    assert.isTrue(address("eip155:1:0x52908400098527886E0F7030069857D2E4169EE7"))
    assert.isFalse(address("foo:1:0x52908400098527886E0F7030069857D2E4169EE7"))
  })
})
