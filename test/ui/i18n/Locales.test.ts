/**
 * The locale check `npm test` runs over every table of the modal (ui/i18n), of the embedded wallet's
 * panels (frame/app/PanelStrings.ts) and of what the server writes to visitors (mails and pages,
 * http/server/embedded/VisitorTexts.ts): no key missing or extra, every template well formed with the same
 * slots and plurals as English, each plural with exactly the locale's `Intl.PluralRules` categories, and
 * nothing left in English but the short list of words a language keeps as they are.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Locale from "../../../core/Locale.ts"
import * as MessageFormat from "../../../core/MessageFormat.ts"
import { loadTable } from "../../../frame/app/PanelStrings.ts"
import { visitorTexts } from "../../../http/server/embedded/VisitorTexts.ts"
import { buttonLabels } from "../../../ui/i18n/buttonLabel.ts"
import { en } from "../../../ui/i18n/en.ts"
import { loadMessages } from "../../../ui/i18n/Messages.ts"

type Catalog = Readonly<Record<string, string>>

/** The same text but for case ("Block explorer" is the English "Block Explorer"). */
const same = (text: string, english: string | undefined) => text.toLowerCase() === english?.toLowerCase()

/** A nested table as `path: text` pairs (`approve.titles.personal_sign`). */
const flatten = (table: object, prefix = ""): Catalog =>
  Object.fromEntries(Object.entries(table).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value as object, `${prefix}${key}.`))
  ))

/** Names and symbols that stay as they are in every language. */
const everywhere: ReadonlySet<string> = new Set(["WalletConnect", "EVM", "Solana", "{amount} {symbol}", "≈ {value}"])

/** Words a language writes as English does (the loanwords its wallets use). Each must be in use. */
const sameIn: Readonly<Partial<Record<Locale.Locale, ReadonlyArray<string>>>> = {
  de: ["Token", "NFTs", "Code", "Wallet", "Name"],
  fr: ["Suggestions", "Code", "Message", "Type", "Action"],
  es: ["Token", "Tokens"],
  pt: ["Token", "Tokens", "NFTs"],
  it: ["Account", "Account {address}", "Email", "Token", "Max", "Wallet", "Block explorer"],
  nl: ["Account", "Account {address}", "Wallet", "Code", "Token", "Tokens", "Type", "Operator"],
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
    expect(Object.entries(table).filter(([, text]) => text.trim() === "")).toEqual([])
  })

  it.each(cases)("$locale $part: the same keys as English", ({ table, reference }) => {
    expect(Object.keys(reference).filter((key) => !(key in table))).toEqual([])
    expect(Object.keys(table).filter((key) => !(key in reference))).toEqual([])
  })

  it.each(cases)("$locale $part: the same slots and plurals as English, each well formed", ({ table, reference }) => {
    const differing = Object.entries(table).filter(([key, text]) =>
      JSON.stringify(MessageFormat.signature(text)) !== JSON.stringify(MessageFormat.signature(reference[key] ?? ""))
    )
    expect(differing).toEqual([])
  })

  it.each(cases)("$locale $part: each plural has exactly the locale's categories", ({ locale, table }) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.toSorted()
    const wrong = Object.entries(table).flatMap(([key, text]) =>
      [...MessageFormat.pluralSelectors(text)].flatMap(([name, selectors]) => {
        const found = selectors.filter((selector) => !selector.startsWith("=")).toSorted()
        return JSON.stringify(found) === JSON.stringify(categories) ? [] : [{ key, name, found, categories }]
      })
    )
    expect(wrong).toEqual([])
  })

  it.each(cases.filter(({ locale }) => locale !== "en"))("$locale $part: nothing left in English", ({ locale, table, reference }) => {
    const kept = new Set([...everywhere, ...(sameIn[locale] ?? [])])
    const untranslated = Object.entries(table).filter(([key, text]) => same(text, reference[key]) && !kept.has(text))
    expect(untranslated).toEqual([])
  })

  it.each(Locale.locales.filter((locale) => locale !== "en"))("%s: each word kept as in English is in use", (locale) => {
    const catalog = catalogs.find((found) => found.locale === locale)
    const kept = new Set(parts.flatMap((part) =>
      Object.entries(catalog?.[part] ?? {}).filter(([key, text]) => same(text, english[part][key])).map(([, text]) => text)
    ))
    expect((sameIn[locale] ?? []).filter((word) => !kept.has(word))).toEqual([])
  })

  it("English is the reference: every modal key has a text", () => {
    expect(Object.entries(en).filter(([, text]) => text.trim() === "")).toEqual([])
  })
})
