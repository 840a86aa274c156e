/**
 * The plain EIP-6963 checks the first stage runs before the engine loads are the engine's rule: the
 * Schema accepts exactly what `isProviderInfo` accepts.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import * as Eip6963 from "../../../core/connectors/Eip6963.ts"
import * as Announcement from "../../../core/connectors/Eip6963Announcement.ts"

const pngIcon = "data:image/png;base64,iVBORw0KGgo="

const uuid = fc.oneof(
  fc.uuid({ version: 4 }),
  fc.uuid(),
  fc.uuid({ version: 4 }).map((text) => text.toUpperCase()),
  fc.uuid({ version: 4 }).map((text) => `${text} `),
  fc.constantFrom("", "not-a-uuid", "5a1f0c6e-0000-4000-c000-000000000bad"),
  fc.string()
)
const name = fc.oneof(fc.string({ minLength: 1, maxLength: 100 }), fc.string({ minLength: 95, maxLength: 110 }), fc.constant(""))
const icon = fc.oneof(
  fc.constantFrom(pngIcon, "data:image/svg+xml,<svg/>", "javascript:alert(1)", "http://evil.example/i.png", "/relative.png", "blob:https://a.example/1", "data:text/html,x"),
  fc.webUrl({ validSchemes: ["https", "http"] }),
  fc.string()
)
const rdns = fc.oneof(
  fc.domain().map((domain) => domain.split(".").toReversed().join(".")),
  fc.constantFrom("com.good", "io.metamask", "<b>", "nodot", ".com", "com..x", "a.b-c.d"),
  fc.string()
)
const notString = fc.oneof(fc.integer(), fc.constant(null), fc.constant(undefined), fc.array(fc.string(), { maxLength: 2 }))

const info = fc.oneof(
  { weight: 6, arbitrary: fc.record({ uuid, name, icon, rdns }) },
  { weight: 2, arbitrary: fc.record({ uuid, name, icon, rdns }, { requiredKeys: [] }) },
  { weight: 2, arbitrary: fc.record({ uuid: fc.oneof(uuid, notString), name: fc.oneof(name, notString), icon: fc.oneof(icon, notString), rdns: fc.oneof(rdns, notString) }) },
  { weight: 1, arbitrary: fc.record({ uuid, name, icon, rdns, extra: fc.anything() }) },
  { weight: 1, arbitrary: fc.anything() }
)

describe("Eip6963Announcement.isProviderInfo", () => {
  it("accepts exactly what Eip6963.ProviderInfo decodes", () => {
    const decode = Schema.decodeUnknownOption(Eip6963.ProviderInfo)
    let accepted = 0
    fc.assert(fc.property(info, (candidate) => {
      const plain = Announcement.isProviderInfo(candidate)
      if (plain) accepted += 1
      assert.strictEqual(plain, Option.isSome(decode(candidate)), JSON.stringify(candidate))
    }), { numRuns: 2000 })
    // Both outcomes are exercised, so the agreement is not all-false.
    assert.isAbove(accepted, 20)
  })

  it("names the rules one by one", () => {
    const good = { uuid: "5a1f0c6e-0000-4000-8000-000000000abc", name: "Good", icon: pngIcon, rdns: "com.good" }
    assert.isTrue(Announcement.isProviderInfo(good))
    assert.isFalse(Announcement.isProviderInfo({ ...good, uuid: "6ba7b810-9dad-11d1-80b4-00c04fd430c8" }))
    assert.isFalse(Announcement.isProviderInfo({ ...good, name: "" }))
    assert.isFalse(Announcement.isProviderInfo({ ...good, name: "x".repeat(101) }))
    assert.isFalse(Announcement.isProviderInfo({ ...good, icon: "javascript:alert(1)" }))
    assert.isFalse(Announcement.isProviderInfo({ ...good, rdns: "<b>" }))
  })
})

describe("Eip6963Announcement.accept", () => {
  const provider = { request: async () => null }
  const detail = (uuid: string, rdns: string, wallet: unknown = provider) => ({ info: { uuid, name: rdns, icon: pngIcon, rdns }, provider: wallet })

  it("folds announcements without clients, keeping the first of a uuid or an rdns", () => {
    const first = "5a1f0c6e-0000-4000-8000-000000000001"
    const second = "5a1f0c6e-0000-4000-8000-000000000002"
    const steps = [detail(first, "com.one"), detail(first, "com.one"), detail(first, "com.other", { request: async () => 1 }), detail(second, "com.one"), detail(second, "com.two", {}), "garbage"]
    const state = steps.reduce(Announcement.accept, Announcement.empty)
    assert.deepStrictEqual(state.wallets.map((wallet) => wallet.info.rdns), ["com.one"])
    assert.deepStrictEqual(state.rejected.map((rejected) => rejected.reason), ["duplicate-uuid", "duplicate-rdns", "invalid-provider", "invalid-info"])
    assert.deepStrictEqual(Announcement.connectorOf(state.wallets[0]!.info), {
      id: "com.one", name: "com.one", chain: "eip155", imageUrl: pngIcon, info: { rdns: "com.one" }, type: "ANNOUNCED"
    })
  })
})
