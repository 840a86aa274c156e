import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as MessageFormat from "../../core/MessageFormat.ts"

const arabicSeconds = "{n, plural, zero {zero} one {one} two {two} few {# few} many {# many} other {# other}}"

describe("MessageFormat", () => {
  it("fills slots by name, numbers in the locale's digits", () => {
    assert.strictEqual(MessageFormat.format("en", "Open {name}", { name: "Rabby" }), "Open Rabby")
    assert.strictEqual(MessageFormat.format("en", "{a} and {b}", { a: "x", b: 1234.5 }), "x and 1,234.5")
    assert.strictEqual(MessageFormat.format("de", "{b}", { b: 1234.5 }), "1.234,5")
  })

  it("isolates each value in a right-to-left locale, so an address or a name keeps its own direction", () => {
    assert.strictEqual(MessageFormat.format("he", "מאת {address}", { address: "0xAbCd…Ef01" }), "מאת \u20680xAbCd…Ef01\u2069")
    assert.strictEqual(MessageFormat.format("ar-EG", "{b}", { b: 12 }), `\u2068${new Intl.NumberFormat("ar-EG").format(12)}\u2069`)
    assert.strictEqual(MessageFormat.format("fr", "De {address}", { address: "0xAbCd" }), "De 0xAbCd")
    // Intl's own direction mark would make an isolated "US$" amount read right to left: it is dropped.
    assert.strictEqual(MessageFormat.format("ar", "{value}", { value: "\u200f30.50 US$" }), "\u206830.50 US$\u2069")
  })

  it("leaves a slot without a value visible", () => {
    assert.strictEqual(MessageFormat.format("en", "Open {name}"), "Open {name}")
  })

  it("picks a plural branch by the locale's rules: Arabic's six categories", () => {
    const rules = new Intl.PluralRules("ar")
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000 }), (n) => {
      const text = MessageFormat.format("ar", arabicSeconds, { n })
      const category = rules.select(n)
      assert.isTrue(text.endsWith(category), `${n} → ${category}: ${text}`)
    }))
    assert.strictEqual(MessageFormat.format("ar", arabicSeconds, { n: 0 }), "zero")
    assert.strictEqual(MessageFormat.format("ar", arabicSeconds, { n: 2 }), "two")
    assert.strictEqual(MessageFormat.format("ar", arabicSeconds, { n: 3 }), `${new Intl.NumberFormat("ar").format(3)} few`)
    assert.strictEqual(MessageFormat.format("ar", arabicSeconds, { n: 11 }), `${new Intl.NumberFormat("ar").format(11)} many`)
  })

  it("picks Polish and Russian few and many", () => {
    const pl = "{n, plural, one {# sekundę} few {# sekundy} many {# sekund} other {# sekundy}}"
    assert.strictEqual(MessageFormat.format("pl", pl, { n: 1 }), "1 sekundę")
    assert.strictEqual(MessageFormat.format("pl", pl, { n: 3 }), "3 sekundy")
    assert.strictEqual(MessageFormat.format("pl", pl, { n: 5 }), "5 sekund")
    assert.strictEqual(MessageFormat.format("pl", pl, { n: 22 }), "22 sekundy")
  })

  it("prefers an exact =N branch to the category", () => {
    const template = "{n, plural, =0 {none} one {# item} other {# items}}"
    assert.strictEqual(MessageFormat.format("en", template, { n: 0 }), "none")
    assert.strictEqual(MessageFormat.format("en", template, { n: 1 }), "1 item")
    assert.strictEqual(MessageFormat.format("en", template, { n: 1000 }), "1,000 items")
  })

  it("fills slots inside a branch, and # only there", () => {
    const template = "# {who}: {n, plural, one {# of {who}} other {# of {who}s}}"
    assert.strictEqual(MessageFormat.format("en", template, { n: 2, who: "cat" }), "# cat: 2 of cats")
  })

  it("refuses templates outside the subset", () => {
    for (const template of ["{", "}", "a {name", "{na me}", "{n, select, a {x} other {y}}", "{n, plural, one {x}}", "{n, plural, one {x} other {y}", "{n, plural, few few {x} other {y}}", "{n, plural, other {x} other {y}}"]) {
      assert.throws(() => MessageFormat.parse(template), MessageFormat.MessageFormatError, undefined, template)
    }
  })

  it("names what a template asks: slots and plurals, not the branches' selectors", () => {
    assert.deepStrictEqual(MessageFormat.signature("Send {amount} to {name}"), ["amount", "name"])
    assert.deepStrictEqual(
      MessageFormat.signature("{n, plural, one {# to {who}} other {# to {who}}}"),
      MessageFormat.signature("{n, plural, zero {x {who}} one {y {who}} two {z {who}} few {# {who}} many {# {who}} other {# {who}}}")
    )
    assert.notDeepEqual(MessageFormat.signature("{n} seconds"), MessageFormat.signature("{n, plural, other {# seconds}}"))
    assert.deepStrictEqual([...MessageFormat.pluralSelectors("{n, plural, =0 {a} one {b} other {c}}").entries()], [["n", ["=0", "one", "other"]]])
  })
})
