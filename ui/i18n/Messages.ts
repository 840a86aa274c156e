/**
 * The modal's message tables: English inline (the fallback), every other locale a chunk of its own,
 * fetched only when it is the visitor's. `translator` fills a table's templates (core/MessageFormat.ts:
 * `{name}` slots, `{n, plural, …}` by the locale's plural rules, numbers in the locale's digits).
 */
import type * as Locale from "../../core/Locale.ts"
import * as MessageFormat from "../../core/MessageFormat.ts"
import { en, type MessageKey, type Messages } from "./en.ts"

type Table = Promise<{ readonly default: Messages }>

const tables: Readonly<Record<Exclude<Locale.Locale, "en">, () => Table>> = {
  de: () => import("./locales/de.ts"),
  fr: () => import("./locales/fr.ts"),
  es: () => import("./locales/es.ts"),
  pt: () => import("./locales/pt.ts"),
  it: () => import("./locales/it.ts"),
  nl: () => import("./locales/nl.ts"),
  pl: () => import("./locales/pl.ts"),
  tr: () => import("./locales/tr.ts"),
  ru: () => import("./locales/ru.ts"),
  uk: () => import("./locales/uk.ts"),
  ar: () => import("./locales/ar.ts"),
  he: () => import("./locales/he.ts"),
  hi: () => import("./locales/hi.ts"),
  id: () => import("./locales/id.ts"),
  vi: () => import("./locales/vi.ts"),
  th: () => import("./locales/th.ts"),
  ja: () => import("./locales/ja.ts"),
  ko: () => import("./locales/ko.ts"),
  "zh-CN": () => import("./locales/zh-CN.ts"),
  "zh-TW": () => import("./locales/zh-TW.ts")
}

const loaded = new Map<Locale.Locale, Messages>([["en", en]])

/** The table of `locale` if it is here already (English always is). */
export const loadedMessages = (locale: Locale.Locale): Messages | undefined => loaded.get(locale)

/** The table of `locale`, fetching its chunk the first time; rejects when the chunk cannot be fetched. */
export const loadMessages = async (locale: Locale.Locale): Promise<Messages> => {
  if (locale === "en") return en
  const known = loaded.get(locale)
  if (known !== undefined) return known
  const table = (await tables[locale]()).default
  loaded.set(locale, table)
  return table
}

/** A table's words with their slots filled, in the locale it also names (for values formatted before filling). */
export interface Translate {
  (key: MessageKey, values?: MessageFormat.Values): string
  readonly locale: Locale.Locale
}

export const translator = (locale: Locale.Locale, messages: Messages): Translate =>
  Object.assign((key: MessageKey, values?: MessageFormat.Values) => MessageFormat.format(locale, messages[key], values), { locale })
