/**
 * Each rule of the locale check fails on the table that breaks it: a missing key, an extra key, a
 * slot or plural that differs from English (renamed, dropped, added, a plural turned into a plain
 * slot), a plural without the locale's categories, a text left in English, an empty text, and a
 * stale allowance. A well-made table passes them all.
 */
import { describe, expect, it } from "@effect/vitest"
import { differingSlots, emptyTexts, extraKeys, flatten, missingKeys, unusedAllowances, untranslated, wrongPlurals } from "./LocaleRules.ts"

const english = {
  title: "Connect Wallet",
  balance: "{amount} {symbol}",
  wait: "Resend code in {seconds, plural, one {# second} other {# seconds}}",
  wallet: "Wallet"
}

/** German as it should be: "Wallet" is kept, as German wallets write it. */
const german = {
  title: "Wallet verbinden",
  balance: "{amount} {symbol}",
  wait: "Code erneut senden in {seconds, plural, one {# Sekunde} other {# Sekunden}}",
  wallet: "Wallet"
}

const kept = new Set(["{amount} {symbol}", "Wallet"])

describe("the locale check's rules", () => {
  it("a well-made table breaks none of them", () => {
    expect(emptyTexts(german)).toEqual([])
    expect(missingKeys(german, english)).toEqual([])
    expect(extraKeys(german, english)).toEqual([])
    expect(differingSlots(german, english)).toEqual([])
    expect(wrongPlurals("de", german)).toEqual([])
    expect(untranslated(german, english, kept)).toEqual([])
    expect(unusedAllowances([{ table: german, reference: english }], [...kept])).toEqual([])
  })

  it("a key missing from a table is found", () => {
    const { wallet: _, ...withoutWallet } = german
    expect(missingKeys(withoutWallet, english)).toEqual(["wallet"])
  })

  it("a key English does not have is found", () => {
    expect(extraKeys({ ...german, walet: "Wallet" }, english)).toEqual(["walet"])
  })

  it.each([
    ["a renamed slot", "{amount} {sym}"],
    ["a dropped slot", "{amount}"],
    ["an added slot", "{amount} {symbol} {network}"],
    ["a plural turned into a plain slot", "{amount} {symbol, plural, one {#} other {#}}"]
  ])("%s is found", (_, balance) => {
    expect(differingSlots({ ...german, balance }, english)).toEqual(["balance"])
  })

  it("a plural's branch using a slot English does not have is found", () => {
    const wait = "Code erneut senden in {seconds, plural, one {# Sekunde} other {{count} Sekunden}}"
    expect(differingSlots({ ...german, wait }, english)).toEqual(["wait"])
  })

  it("a malformed template fails the check", () => {
    expect(() => differingSlots({ ...german, balance: "{amount {symbol}" }, english)).toThrow()
  })

  it("a plural without the locale's categories is found, and one with English's categories in Arabic", () => {
    expect(wrongPlurals("de", { wait: "in {seconds, plural, other {# Sekunden}}" })).toEqual([{ key: "wait", name: "seconds", found: ["other"] }])
    expect(wrongPlurals("ar", { wait: "{seconds, plural, one {ثانية واحدة} other {# ثانية}}" })).toEqual([{ key: "wait", name: "seconds", found: ["one", "other"] }])
    expect(wrongPlurals("ar", { wait: "{seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}" })).toEqual([])
  })

  it("a text left in English is found, in any case, unless the language keeps that word", () => {
    expect(untranslated({ ...german, title: "Connect Wallet" }, english, kept)).toEqual(["title"])
    expect(untranslated({ ...german, title: "connect wallet" }, english, kept)).toEqual(["title"])
    expect(untranslated({ ...german, wallet: "Wallet" }, english, new Set(["{amount} {symbol}"]))).toEqual(["wallet"])
  })

  it("an empty text is found", () => {
    expect(emptyTexts({ ...german, title: "  " })).toEqual(["title"])
  })

  it("a word allowed to stay in English that no table keeps is found", () => {
    expect(unusedAllowances([{ table: { ...german, wallet: "Brieftasche" }, reference: english }], [...kept])).toEqual(["Wallet"])
  })

  it("nested tables are compared by their paths", () => {
    expect(flatten({ approve: { titles: { personal_sign: "Sign" } }, loading: "…" })).toEqual({ "approve.titles.personal_sign": "Sign", loading: "…" })
  })
})
