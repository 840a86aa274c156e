/**
 * The embedded wallet's mails, in the visitor's locale (VisitorTexts.ts): plain text, and the same text
 * as simple HTML (every value escaped; `<html>` carries the locale's `lang` and `dir`, so a mail client
 * lays Arabic and Hebrew out right to left).
 */
import * as Locale from "../../../core/Locale.ts"
import * as MessageFormat from "../../../core/MessageFormat.ts"
import { visitorTexts } from "./VisitorTexts.ts"

export type MailContent =
  /** A sign-in code. */
  | { readonly kind: "code"; readonly code: string }
  /** The link approving a new device. */
  | { readonly kind: "device"; readonly link: string }
  /** A code to the current address, confirming a change to `newEmail`. */
  | { readonly kind: "updateCurrent"; readonly code: string; readonly newEmail: string }
  /** A code to the new address, confirming it. */
  | { readonly kind: "updateNew"; readonly code: string }

export interface ComposedMail {
  readonly subject: string
  readonly text: string
  readonly html: string
}

/** One mail: a paragraph, the code or link set apart (`highlight`), a paragraph. */
interface Draft {
  readonly subject: string
  readonly before: string
  readonly highlight: { readonly code: string } | { readonly link: string }
  readonly after: string
}

const draft = (locale: Locale.Locale, content: MailContent): Draft => {
  const { mail } = visitorTexts[locale]
  switch (content.kind) {
    case "code":
      return { subject: mail.code.subject, before: mail.code.intro, highlight: { code: content.code }, after: mail.codeValidity }
    case "device":
      return { subject: mail.device.subject, before: mail.device.intro, highlight: { link: content.link }, after: mail.device.outro }
    case "updateCurrent":
      return {
        subject: mail.updateCurrent.subject,
        before: MessageFormat.format(locale, mail.updateCurrent.intro, { email: content.newEmail }),
        highlight: { code: content.code },
        after: mail.codeValidity
      }
    case "updateNew":
      return { subject: mail.updateNew.subject, before: mail.updateNew.intro, highlight: { code: content.code }, after: mail.codeValidity }
  }
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c] ?? c)

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`

export const compose = (locale: Locale.Locale, content: MailContent): ComposedMail => {
  const { after, before, highlight, subject } = draft(locale, content)
  const highlighted = "code" in highlight ? highlight.code : highlight.link
  // The link reads left to right in every locale (a code's digits do by themselves).
  const highlightHtml = "code" in highlight
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(highlight.code)}</p>`
    : `<p dir="ltr"><a href="${escapeHtml(highlight.link)}">${escapeHtml(highlight.link)}</a></p>`
  return {
    subject,
    text: [before, highlighted, after].join("\n\n") + "\n",
    html: `<!doctype html><html lang="${locale}" dir="${Locale.direction(locale)}"><body style="font-family:sans-serif;line-height:1.5">${
      paragraph(before)
    }${highlightHtml}${paragraph(after)}</body></html>`
  }
}
