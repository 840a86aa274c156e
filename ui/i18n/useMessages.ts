/**
 * The message table the modal shows for a locale. A table already fetched shows at once; the first
 * table shows once its chunk is here (the modal's prefetch fetches it with the modal's own chunk), and
 * on a switch the table shown before stays until the new one arrives, so no view flashes another
 * language. A chunk that cannot be fetched (the page went offline) leaves English, the inline fallback.
 */
import { useEffect, useState } from "react"
import type { Locale } from "../../core/Locale.ts"
import { en, type Messages } from "./en.ts"
import { loadedMessages, loadMessages } from "./Messages.ts"

export interface ShownMessages {
  readonly locale: Locale
  readonly messages: Messages
}

const shownOf = (locale: Locale): ShownMessages | undefined => {
  const messages = loadedMessages(locale)
  return messages === undefined ? undefined : { locale, messages }
}

export const useMessages = (locale: Locale): ShownMessages | undefined => {
  const [shown, setShown] = useState(() => shownOf(locale))
  useEffect(() => {
    let wanted = true
    loadMessages(locale).then(
      (messages) => wanted && setShown((current) => (current?.messages === messages ? current : { locale, messages })),
      () => wanted && setShown({ locale: "en", messages: en })
    )
    return () => {
      wanted = false
    }
  }, [locale])
  return shown
}
