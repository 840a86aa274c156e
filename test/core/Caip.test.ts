import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as Caip from "../../core/Caip.ts"

const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength, maxLength }).map((list) => list.join(""))
const lower = "abcdefghijklmnopqrstuvwxyz0123456789-"
const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
/** The CAIP grammars: namespace [-a-z0-9]{3,8}, reference [-_a-zA-Z0-9]{1,32}, address [-.%a-zA-Z0-9]{1,128}. */
const anyNamespace = chars(lower, 3, 8)
const reference = chars(`${alnum}-_`, 1, 32)
const accountAddress = chars(`${alnum}-.%`, 1, 128)
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

  it("network id: parse then format is the identity, for any namespace and reference of the CAIP-2 grammar", () => {
    fc.assert(
      fc.property(anyNamespace, reference, (ns, ref) => {
        const text = `${ns}:${ref}`
        const parsed = Effect.runSync(Caip.parseNetworkId(text))
        assert.deepStrictEqual(parsed, { namespace: ns, reference: ref })
        assert.strictEqual(Caip.formatNetworkId(parsed), text)
        assert.isTrue(Caip.isNetworkId(text))
      })
    )
  })

  it("network id: anything outside the CAIP-2 grammar is rejected with InvalidCaipNetworkIdError", () => {
    const bad = [
      "", "eip155", "eip155:", ":1", "eip155:1:0xabc", ":", "a::b",
      // Namespace: 3 to 8 of [-a-z0-9]; reference: 1 to 32 of [-_a-zA-Z0-9].
      "ab:1", "abcdefghi:1", "EIP155:1", "eip 155:1", "eip155:1 ", "eip155:1/2", `eip155:${"1".repeat(33)}`, "eip155:\u0000"
    ]
    for (const text of bad) {
      failsWith(Caip.parseNetworkId(text), "InvalidCaipNetworkIdError")
      assert.isFalse(Caip.isNetworkId(text), text)
    }
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 10 }), { minLength: 1, maxLength: 4 }), (parts) => {
        const text = parts.join(":")
        const [ns = "", ref = ""] = text.split(":")
        const valid = text.split(":").length === 2 && /^[-a-z0-9]{3,8}$/.test(ns) && /^[-_a-zA-Z0-9]{1,32}$/.test(ref)
        assert.strictEqual(Exit.isSuccess(Effect.runSyncExit(Caip.parseNetworkId(text))), valid, text)
      })
    )
  })

  it("address: parse then format is the identity for a known namespace and parts of the CAIP-10 grammar", () => {
    fc.assert(
      fc.property(namespace, reference, accountAddress, (ns, ref, address) => {
        const text = `${ns}:${ref}:${address}`
        const parsed = Effect.runSync(Caip.parseAddress(text))
        assert.deepStrictEqual(parsed, { namespace: ns, reference: ref, address })
        assert.strictEqual(Caip.formatAddress(parsed), text)
        assert.strictEqual(Caip.networkIdOf(parsed), `${ns}:${ref}`)
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
      "",
      "eip155:1:0xab cd",
      "eip155:1:<script>",
      `eip155:1:${"a".repeat(129)}`
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

describe("the parts of a CAIP id, read without a schema", () => {
  it("namespace, reference and account agree with the strict parser on every valid address", () => {
    fc.assert(fc.property(
      fc.constantFrom("eip155", "solana", "bip122"),
      fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/),
      fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/),
      (space, ref, account) => {
        const id = `${space}:${ref}:${account}`
        assert.strictEqual(Caip.namespaceOf(id), space)
        assert.strictEqual(Caip.referenceOf(id), ref)
        assert.strictEqual(Caip.accountOf(id), account)
        assert.strictEqual(Caip.networkOf(id), `${space}:${ref}`)
        assert.strictEqual(Caip.referenceOf(`${space}:${ref}`), ref)
      }
    ))
  })

  it("a scope key without a reference is its own namespace; a network id has no account", () => {
    assert.strictEqual(Caip.namespaceOf("eip155"), "eip155")
    assert.isUndefined(Caip.accountOf("eip155:1"))
    assert.strictEqual(Caip.referenceOf("eip155"), "")
  })
})
