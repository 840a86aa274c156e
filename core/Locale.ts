/**
 * The languages Portico speaks, and which one a visitor gets: the host's `locale` option if it names a
 * supported one, else the first supported entry of the browser's languages, else English. A region
 * falls back to its language (`pt-PT` → pt, `fr-CA` → fr); Chinese goes by script, so Hong Kong and
 * Macau (written in traditional characters) get zh-TW and Singapore gets zh-CN.
 */
/** Every language Portico speaks, as the BCP 47 tags it answers to (`locale` takes any tag that falls back to one). */
export const locales = [
  "en", "de", "fr", "es", "pt", "it", "nl", "pl", "tr", "ru", "uk",
  "ar", "he", "hi", "id", "vi", "th", "ja", "ko", "zh-CN", "zh-TW"
] as const

/** One of {@link locales}: `"pt"` is Brazilian wording, `"zh-CN"` simplified and `"zh-TW"` traditional Chinese. */
export type Locale = (typeof locales)[number]

const defaultLocale: Locale = "en"

const rightToLeft: ReadonlySet<Locale> = new Set<Locale>(["ar", "he"])

/** The writing direction of a locale, for `dir` on the modal's and the panels' roots. */
export const direction = (locale: Locale): "ltr" | "rtl" => (rightToLeft.has(locale) ? "rtl" : "ltr")

const isLocale = (tag: string): tag is Locale => (locales as ReadonlyArray<string>).includes(tag)

/** The supported locale a BCP 47 tag asks for, if any (`iw` and `in`, the old tags, are canonicalised by Intl). */
export const match = (tag: string): Locale | undefined => {
  let parsed: Intl.Locale
  try {
    parsed = new Intl.Locale(tag)
  } catch {
    // Not a language tag (the host's typo, a browser's junk): it names no locale.
    return undefined
  }
  if (parsed.language === "zh") return parsed.maximize().script === "Hant" ? "zh-TW" : "zh-CN"
  return isLocale(parsed.language) ? parsed.language : undefined
}

/** The first tag of `preferences` that names a supported locale, else English. */
export const negotiate = (preferences: ReadonlyArray<string | undefined>): Locale => {
  for (const tag of preferences) {
    const found = tag === undefined ? undefined : match(tag)
    if (found !== undefined) return found
  }
  return defaultLocale
}
