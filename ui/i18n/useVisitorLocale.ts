/**
 * The visitor's locale in React, following the host's option and the browser's languages as they
 * change. Server rendering and hydration see no browser languages (the host's option or English), so
 * the first client render matches the server's HTML and the browser's choice follows right after.
 */
import { useSyncExternalStore } from "react"
import type { Locale } from "../../core/Locale.ts"
import { browserLanguages, onLanguagesChange, visitorLocale } from "../../app/VisitorLocale.ts"

const separator = "\n"
const languagesKey = () => browserLanguages().join(separator)

export const useVisitorLocale = (configured: string | undefined): Locale => {
  const key = useSyncExternalStore(onLanguagesChange, languagesKey, () => "")
  return visitorLocale(configured, key === "" ? [] : key.split(separator))
}
