/**
 * The locale a visitor gets (core/Locale.ts's rule): the host's `locale` option, else the browser's
 * languages in their order, else English. Read where it is shown, so a host's change or the visitor's
 * (the browser's `languagechange`) takes effect at once.
 */
import * as Locale from "../core/Locale.ts"

/** The browser's preferred languages; none where there is no browser. */
export const browserLanguages = (): ReadonlyArray<string> => globalThis.navigator?.languages ?? []

export const visitorLocale = (configured: string | undefined, languages: ReadonlyArray<string> = browserLanguages()): Locale.Locale =>
  Locale.negotiate([configured, ...languages])

/** Calls `listener` whenever the visitor changes the browser's languages; returns the unsubscribe function. */
export const onLanguagesChange = (listener: () => void): (() => void) => {
  if (typeof window === "undefined") return () => undefined
  window.addEventListener("languagechange", listener)
  return () => window.removeEventListener("languagechange", listener)
}
