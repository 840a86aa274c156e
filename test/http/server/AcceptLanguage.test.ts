/**
 * The locale the server's own pages pick from `Accept-Language`: the ranges by weight, ties in the
 * header's order, a region or script mapped to the locale it falls back to, refused and malformed
 * ranges ignored, English when nothing fits.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as Locale from "../../../core/Locale.ts"
import { localeOf } from "../../../http/server/AcceptLanguage.ts"

/** Tags that fall back to each locale (core/Locale.ts's rule), as browsers send them. */
const tagsOf: Readonly<Record<Locale.Locale, ReadonlyArray<string>>> = {
  en: ["en", "en-US", "en-GB"], de: ["de", "de-DE", "de-CH"], fr: ["fr", "fr-CA"], es: ["es", "es-419", "es-MX"],
  pt: ["pt", "pt-BR", "pt-PT"], it: ["it", "it-IT"], nl: ["nl", "nl-BE"], pl: ["pl"], tr: ["tr", "tr-TR"], ru: ["ru", "ru-RU"],
  uk: ["uk", "uk-UA"], ar: ["ar", "ar-EG", "ar-SA"], he: ["he", "he-IL", "iw"], hi: ["hi", "hi-IN"], id: ["id", "in"],
  vi: ["vi"], th: ["th", "th-TH"], ja: ["ja", "ja-JP"], ko: ["ko", "ko-KR"], "zh-CN": ["zh", "zh-CN", "zh-Hans", "zh-SG"],
  "zh-TW": ["zh-TW", "zh-Hant", "zh-HK", "zh-Hant-TW"]
}

/** Languages Portico does not speak. */
const unknownTag = fc.constantFrom("xx", "sw", "fa-IR", "el", "cs-CZ", "x-private", "not a tag!")

const supported = fc.constantFrom(...Locale.locales).chain((locale) =>
  fc.constantFrom(...tagsOf[locale]).map((tag) => ({ locale, tag }))
)

/** A qvalue as RFC 9110 writes it: 0.001 to 1 with at most three decimals. */
const thousandths = fc.integer({ min: 1, max: 1000 })
const written = (weight: number) => (weight === 1000 ? "1" : `0.${String(weight).padStart(3, "0")}`.replace(/0+$/, ""))

describe("localeOf(Accept-Language)", () => {
  it("maps regions and scripts to the locale they fall back to", () => {
    assert.strictEqual(localeOf("pt-BR"), "pt")
    assert.strictEqual(localeOf("zh-TW"), "zh-TW")
    assert.strictEqual(localeOf("zh-Hant"), "zh-TW")
    assert.strictEqual(localeOf("zh-HK,zh;q=0.9"), "zh-TW")
    assert.strictEqual(localeOf("zh-CN,zh;q=0.9,en;q=0.8"), "zh-CN")
    assert.strictEqual(localeOf("de-CH, de;q=0.9, en;q=0.8"), "de")
  })

  it("goes by weight, not by position; q=0 and malformed weights ask for nothing", () => {
    assert.strictEqual(localeOf("fr;q=0.5, ja;q=0.9"), "ja")
    assert.strictEqual(localeOf("ja;q=0, fr;q=0.1"), "fr")
    assert.strictEqual(localeOf("ja;q=2, fr;q=0.1"), "fr")
    assert.strictEqual(localeOf("ja;q=0.5;q=1, fr;q=0.1"), "fr")
    assert.strictEqual(localeOf("ja;q=abc"), "en")
    assert.strictEqual(localeOf("*, ko;q=0.2"), "ko")
  })

  it("answers English for nothing, junk and languages it does not speak", () => {
    assert.strictEqual(localeOf(undefined), "en")
    assert.strictEqual(localeOf(""), "en")
    assert.strictEqual(localeOf(";;,,;q=1"), "en")
    assert.strictEqual(localeOf("sw-KE, fa;q=0.9"), "en")
  })

  it("always answers a locale it speaks, for any header", () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (header) => {
      assert.include(Locale.locales, localeOf(header))
    }))
  })

  it("picks the heaviest supported range, the first on a tie, whatever else the header holds", () => {
    const entry = fc.record({ range: fc.oneof(supported, unknownTag.map((tag) => ({ locale: undefined, tag }))), weight: fc.option(thousandths, { nil: undefined }) })
    fc.assert(fc.property(fc.array(entry, { maxLength: 8 }), fc.constantFrom(",", ", ", " ,  "), (entries, separator) => {
      const header = entries.map(({ range, weight }) => (weight === undefined ? range.tag : `${range.tag};q=${written(weight)}`)).join(separator)
      const candidates = entries.flatMap(({ range, weight }) => (range.locale === undefined ? [] : [{ locale: range.locale, weight: weight ?? 1000 }]))
      const heaviest = Math.max(...candidates.map((candidate) => candidate.weight))
      assert.strictEqual(localeOf(header), candidates.find((candidate) => candidate.weight === heaviest)?.locale ?? "en")
    }))
  })

  it("never picks a range the browser refuses with q=0", () => {
    fc.assert(fc.property(supported, fc.array(unknownTag, { maxLength: 4 }), ({ tag }, others) => {
      assert.strictEqual(localeOf([`${tag};q=0`, ...others].join(",")), "en")
      assert.strictEqual(localeOf([`${tag};q=0.000`, ...others, "ko;q=0.001"].join(",")), "ko")
    }))
  })
})
