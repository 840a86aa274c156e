import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as Locale from "../../core/Locale.ts"

describe("Locale", () => {
  it("takes the first preference that names a supported locale, in order", () => {
    assert.strictEqual(Locale.negotiate(["fr", "de"]), "fr")
    assert.strictEqual(Locale.negotiate([undefined, "xx", "de-AT", "fr"]), "de")
    assert.strictEqual(Locale.negotiate(["not a tag!", "ja-JP"]), "ja")
  })

  it("falls back from a region to its language", () => {
    assert.strictEqual(Locale.negotiate(["pt-PT"]), "pt")
    assert.strictEqual(Locale.negotiate(["pt-BR"]), "pt")
    assert.strictEqual(Locale.negotiate(["fr-CA"]), "fr")
    assert.strictEqual(Locale.negotiate(["ar-EG"]), "ar")
    assert.strictEqual(Locale.negotiate(["EN-gb"]), "en")
  })

  it("picks Chinese by script: Hong Kong, Macau and Taiwan write traditional characters", () => {
    assert.strictEqual(Locale.negotiate(["zh-HK"]), "zh-TW")
    assert.strictEqual(Locale.negotiate(["zh-MO"]), "zh-TW")
    assert.strictEqual(Locale.negotiate(["zh-TW"]), "zh-TW")
    assert.strictEqual(Locale.negotiate(["zh-Hant"]), "zh-TW")
    assert.strictEqual(Locale.negotiate(["zh"]), "zh-CN")
    assert.strictEqual(Locale.negotiate(["zh-SG"]), "zh-CN")
    assert.strictEqual(Locale.negotiate(["zh-Hans-HK"]), "zh-CN")
  })

  it("knows the old tags for Hebrew and Indonesian", () => {
    assert.strictEqual(Locale.negotiate(["iw-IL"]), "he")
    assert.strictEqual(Locale.negotiate(["in"]), "id")
  })

  it("is English when nothing is supported", () => {
    assert.strictEqual(Locale.negotiate([]), "en")
    assert.strictEqual(Locale.negotiate(["sw", "xx-YY", ""]), "en")
  })

  it("every supported locale names itself", () => {
    for (const locale of Locale.locales) assert.strictEqual(Locale.negotiate([locale]), locale)
  })

  it("always answers a supported locale, whatever the browser sends", () => {
    fc.assert(fc.property(fc.array(fc.option(fc.string(), { nil: undefined })), (preferences) => {
      assert.include(Locale.locales, Locale.negotiate(preferences))
    }))
  })

  it("writes Arabic and Hebrew right to left, every other locale left to right", () => {
    assert.deepStrictEqual(Locale.locales.filter((locale) => Locale.direction(locale) === "rtl"), ["ar", "he"])
  })
})
