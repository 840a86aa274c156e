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

const validUuid = fc.uuid({ version: 4 })
const validName = fc.oneof(fc.string({ minLength: 1, maxLength: 100 }), fc.constantFrom("x", "x".repeat(99), "x".repeat(100)))
const validIcon = fc.oneof(fc.constantFrom(pngIcon, "data:image/svg+xml,<svg/>", "blob:https://a.example/1"), fc.webUrl({ validSchemes: ["https"] }))
const validRdns = fc.oneof(fc.domain().map((domain) => domain.split(".").toReversed().join(".")), fc.constantFrom("com.good", "io.metamask", "a.b-c.d"))

const uuids = fc.oneof(
  validUuid,
  fc.uuid(),
  validUuid.map((text) => text.toUpperCase()),
  validUuid.map((text) => `${text} `),
  fc.constantFrom("", "not-a-uuid", "5a1f0c6e-0000-4000-c000-000000000bad"),
  fc.string()
)
const names = fc.oneof(validName, fc.integer({ min: 98, max: 103 }).map((length) => "x".repeat(length)), fc.constant(""), fc.string())
const icons = fc.oneof(
  validIcon,
  fc.constantFrom("javascript:alert(1)", "http://evil.example/i.png", "/relative.png", "data:text/html,x", " https://a.example/i.png"),
  fc.webUrl({ validSchemes: ["http"] }),
  fc.string()
)
const rdnses = fc.oneof(validRdns, fc.constantFrom("<b>", "nodot", ".com", "com..x", "com.", "com.a_b"), fc.string())
const notString = fc.oneof(fc.integer(), fc.constant(null), fc.constant(undefined), fc.array(fc.string(), { maxLength: 2 }))

const valid = fc.record({ uuid: validUuid, name: validName, icon: validIcon, rdns: validRdns })
/** A valid info with one field drawn from its mixed arbitrary: each rule is met at its edges. */
const oneChanged = fc.oneof(
  fc.tuple(valid, uuids).map(([info, uuid]) => ({ ...info, uuid })),
  fc.tuple(valid, names).map(([info, name]) => ({ ...info, name })),
  fc.tuple(valid, icons).map(([info, icon]) => ({ ...info, icon })),
  fc.tuple(valid, rdnses).map(([info, rdns]) => ({ ...info, rdns }))
)

const info = fc.oneof(
  { weight: 2, arbitrary: valid },
  { weight: 8, arbitrary: oneChanged },
  { weight: 2, arbitrary: fc.record({ uuid: uuids, name: names, icon: icons, rdns: rdnses }, { requiredKeys: [] }) },
  { weight: 2, arbitrary: fc.record({ uuid: fc.oneof(uuids, notString), name: fc.oneof(names, notString), icon: fc.oneof(icons, notString), rdns: fc.oneof(rdnses, notString) }) },
  { weight: 1, arbitrary: fc.record({ uuid: uuids, name: names, icon: icons, rdns: rdnses, extra: fc.anything() }) },
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
    assert.isAbove(accepted, 200)
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
