/** Picks the message table for a locale ("de-AT" → de) and fills `{slot}`s. English is the fallback. */
import { de } from "./de.ts"
import { en, type MessageKey, type Messages } from "./en.ts"

const tables: Readonly<Record<string, Messages>> = { en, de }

export const locales: ReadonlyArray<string> = Object.keys(tables)

export const messagesFor = (locale: string | undefined): Messages =>
  tables[(locale ?? "en").toLowerCase().split("-")[0] ?? "en"] ?? en

export const format = (template: string, slots: Readonly<Record<string, string>> = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => slots[name] ?? whole)

export type Translate = (key: MessageKey, slots?: Readonly<Record<string, string>>) => string

export const translator = (messages: Messages): Translate => (key, slots) => format(messages[key], slots)
