/**
 * The rules of the locale check (Locales.test.ts), as functions of one table and its English
 * reference, each returning what breaks it (empty when the table keeps the rule), so that each rule
 * is itself tested against a broken table (LocaleRules.test.ts).
 */
import * as MessageFormat from "../../../core/MessageFormat.ts"

/** A locale table flattened to `key: text`. */
export type Catalog = Readonly<Record<string, string>>

/** The same text but for case ("Block explorer" is the English "Block Explorer"). */
export const sameText = (text: string, english: string | undefined): boolean => text.toLowerCase() === english?.toLowerCase()

/** A nested table as `path: text` pairs (`approve.titles.personal_sign`). */
export const flatten = (table: object, prefix = ""): Catalog =>
  Object.fromEntries(Object.entries(table).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value as object, `${prefix}${key}.`))
  ))

/** Keys whose text is empty or only spaces. */
export const emptyTexts = (table: Catalog): ReadonlyArray<string> =>
  Object.entries(table).filter(([, text]) => text.trim() === "").map(([key]) => key)

/** English keys the table lacks. */
export const missingKeys = (table: Catalog, reference: Catalog): ReadonlyArray<string> =>
  Object.keys(reference).filter((key) => !(key in table))

/** Keys English does not have. */
export const extraKeys = (table: Catalog, reference: Catalog): ReadonlyArray<string> =>
  Object.keys(table).filter((key) => !(key in reference))

/** Keys whose template asks for other slots or plurals than English's (a malformed template throws). */
export const differingSlots = (table: Catalog, reference: Catalog): ReadonlyArray<string> =>
  Object.entries(table)
    .filter(([key, text]) => JSON.stringify(MessageFormat.signature(text)) !== JSON.stringify(MessageFormat.signature(reference[key] ?? "")))
    .map(([key]) => key)

/** Plurals whose categories are not exactly the locale's `Intl.PluralRules` categories (`=0` branches aside). */
export const wrongPlurals = (locale: string, table: Catalog): ReadonlyArray<{ readonly key: string; readonly name: string; readonly found: ReadonlyArray<string> }> => {
  const categories = JSON.stringify(new Intl.PluralRules(locale).resolvedOptions().pluralCategories.toSorted())
  return Object.entries(table).flatMap(([key, text]) =>
    [...MessageFormat.pluralSelectors(text)].flatMap(([name, selectors]) => {
      const found = selectors.filter((selector) => !selector.startsWith("=")).toSorted()
      return JSON.stringify(found) === categories ? [] : [{ key, name, found }]
    })
  )
}

/** Keys still worded as in English, but for the words the language keeps as they are. */
export const untranslated = (table: Catalog, reference: Catalog, kept: ReadonlySet<string>): ReadonlyArray<string> =>
  Object.entries(table).filter(([key, text]) => sameText(text, reference[key]) && !kept.has(text)).map(([key]) => key)

/** Words listed as kept in English that no table of the language actually keeps (a stale allowance). */
export const unusedAllowances = (
  tables: ReadonlyArray<{ readonly table: Catalog; readonly reference: Catalog }>,
  allowed: ReadonlyArray<string>
): ReadonlyArray<string> => {
  const kept = new Set(tables.flatMap(({ table, reference }) =>
    Object.entries(table).filter(([key, text]) => sameText(text, reference[key])).map(([, text]) => text)
  ))
  return allowed.filter((word) => !kept.has(word))
}
