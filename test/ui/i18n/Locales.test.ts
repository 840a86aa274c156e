/**
 * The locale check `npm test` runs over every table of the modal (ui/i18n), of the embedded wallet's
 * panels (frame/app/PanelStrings.ts) and of what the server writes to visitors (mails and pages,
 * http/server/embedded/VisitorTexts.ts): no key missing or extra, every template well formed with the same
 * slots and plurals as English, each plural with exactly the locale's `Intl.PluralRules` categories, and
 * nothing left in English but the short list of words a language keeps as they are.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Locale from "../../../core/Locale.ts"
import { loadTable } from "../../../frame/app/PanelStrings.ts"
import { visitorTexts } from "../../../http/server/embedded/VisitorTexts.ts"
import { buttonLabels } from "../../../ui/i18n/buttonLabel.ts"
import { en } from "../../../ui/i18n/en.ts"
import { loadMessages } from "../../../ui/i18n/Messages.ts"
import {
  type Catalog,
  differingSlots,
  emptyTexts,
  extraKeys,
  flatten,
  missingKeys,
  unusedAllowances,
  untranslated,
  wrongPlurals
} from "./LocaleRules.ts"

/** Names and symbols that stay as they are in every language. */
const everywhere: ReadonlySet<string> = new Set(["WalletConnect", "EVM", "Solana", "{amount} {symbol}", "≈ {value}"])

/** Words a language writes as English does (the loanwords its wallets use). Each must be in use. */
const sameIn: Readonly<Partial<Record<Locale.Locale, ReadonlyArray<string>>>> = {
  de: ["Token", "NFTs", "Code", "Wallet", "Name", "Smart Account"],
  fr: ["Suggestions", "Code", "Message", "Type", "Action"],
  es: ["Token", "Tokens"],
  pt: ["Token", "Tokens", "NFTs"],
  it: ["Account", "Account {address}", "Email", "Token", "Max", "Wallet", "Block explorer"],
  nl: ["Account", "Account {address}", "Wallet", "Code", "Token", "Tokens", "Type", "Operator", "Smart account"],
  pl: ["Token", "Operator"],
  tr: ["Token"],
  id: ["Email", "Token", "Data", "Domain", "Operator"],
  vi: ["Email", "Token"]
}

const catalogs = await Promise.all(Locale.locales.map(async (locale) => ({
  locale,
  modal: (await loadMessages(locale)) as Catalog,
  panels: flatten(await loadTable(locale)),
  server: flatten(visitorTexts[locale])
})))
const english = catalogs[0]
if (english?.locale !== "en") throw new Error("English is the first locale")

const parts = ["modal", "panels", "server"] as const

const cases = catalogs.flatMap((catalog) => parts.map((part) => ({ locale: catalog.locale, part, table: catalog[part], reference: english[part] })))

describe("every locale table", () => {
  it("exists for each supported locale, with its button label", () => {
    expect(catalogs.map((catalog) => catalog.locale)).toEqual([...Locale.locales])
    expect(Object.keys(buttonLabels).toSorted()).toEqual([...Locale.locales].toSorted())
    for (const catalog of catalogs) expect(catalog.modal["connectWallet"]).toBe(buttonLabels[catalog.locale])
    expect(Object.keys(visitorTexts).toSorted()).toEqual([...Locale.locales].toSorted())
  })

  it.each(cases)("$locale $part: no text is empty", ({ table }) => {
    expect(emptyTexts(table)).toEqual([])
  })

  it.each(cases)("$locale $part: the same keys as English", ({ table, reference }) => {
    expect(missingKeys(table, reference)).toEqual([])
    expect(extraKeys(table, reference)).toEqual([])
  })

  it.each(cases)("$locale $part: the same slots and plurals as English, each well formed", ({ table, reference }) => {
    expect(differingSlots(table, reference)).toEqual([])
  })

  it.each(cases)("$locale $part: each plural has exactly the locale's categories", ({ locale, table }) => {
    expect(wrongPlurals(locale, table)).toEqual([])
  })

  it.each(cases.filter(({ locale }) => locale !== "en"))("$locale $part: nothing left in English", ({ locale, table, reference }) => {
    expect(untranslated(table, reference, new Set([...everywhere, ...(sameIn[locale] ?? [])]))).toEqual([])
  })

  it.each(Locale.locales.filter((locale) => locale !== "en"))("%s: each word kept as in English is in use", (locale) => {
    const catalog = catalogs.find((found) => found.locale === locale)
    const tables = parts.map((part) => ({ table: catalog?.[part] ?? {}, reference: english[part] }))
    expect(unusedAllowances(tables, sameIn[locale] ?? [])).toEqual([])
  })

  it("English is the reference: every modal key has a text", () => {
    expect(emptyTexts(en)).toEqual([])
  })
})
