/**
 * The embedded wallet's mails, in English and German after the visitor's locale: plain text, and the
 * same text as simple HTML (every value escaped; the link is the only element with an attribute).
 */
import type { Locale } from "../../api/EmbeddedApi.ts"

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

/** One mail as paragraphs; `highlight` is the code or link, set apart. */
interface Draft {
  readonly subject: string
  readonly before: ReadonlyArray<string>
  readonly highlight: { readonly code: string } | { readonly link: string }
  readonly after: ReadonlyArray<string>
}

const drafts: Record<Locale, (content: MailContent) => Draft> = {
  en: (content) => {
    switch (content.kind) {
      case "code":
        return {
          subject: "Your sign-in code",
          before: ["Your sign-in code is:"],
          highlight: { code: content.code },
          after: ["It is valid for 10 minutes. If you did not ask for it, ignore this message."]
        }
      case "device":
        return {
          subject: "Approve sign-in on a new device",
          before: ["Someone asked to sign in with this address on a new device. If it was you, open this link to approve the device:"],
          highlight: { link: content.link },
          after: ["A sign-in code follows once the device is approved. The link is valid for 10 minutes. If it was not you, ignore this message."]
        }
      case "updateCurrent":
        return {
          subject: "Confirm your email change",
          before: [`To change your sign-in address to ${content.newEmail}, enter this code:`],
          highlight: { code: content.code },
          after: ["It is valid for 10 minutes. If you did not ask for it, ignore this message."]
        }
      case "updateNew":
        return {
          subject: "Confirm your new email address",
          before: ["To make this your sign-in address, enter this code:"],
          highlight: { code: content.code },
          after: ["It is valid for 10 minutes. If you did not ask for it, ignore this message."]
        }
    }
  },
  de: (content) => {
    switch (content.kind) {
      case "code":
        return {
          subject: "Ihr Anmeldecode",
          before: ["Ihr Anmeldecode lautet:"],
          highlight: { code: content.code },
          after: ["Er ist 10 Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht."]
        }
      case "device":
        return {
          subject: "Anmeldung auf einem neuen Gerät bestätigen",
          before: [
            "Jemand möchte sich mit dieser Adresse auf einem neuen Gerät anmelden. Wenn Sie das waren, öffnen Sie diesen Link, um das Gerät zu bestätigen:"
          ],
          highlight: { link: content.link },
          after: [
            "Sobald das Gerät bestätigt ist, folgt ein Anmeldecode. Der Link ist 10 Minuten gültig. Wenn Sie das nicht waren, ignorieren Sie diese Nachricht."
          ]
        }
      case "updateCurrent":
        return {
          subject: "Änderung Ihrer E-Mail-Adresse bestätigen",
          before: [`Um Ihre Anmeldeadresse in ${content.newEmail} zu ändern, geben Sie diesen Code ein:`],
          highlight: { code: content.code },
          after: ["Er ist 10 Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht."]
        }
      case "updateNew":
        return {
          subject: "Neue E-Mail-Adresse bestätigen",
          before: ["Um diese Adresse als Anmeldeadresse zu verwenden, geben Sie diesen Code ein:"],
          highlight: { code: content.code },
          after: ["Er ist 10 Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht."]
        }
    }
  }
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c] ?? c)

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`

export const compose = (locale: Locale, content: MailContent): ComposedMail => {
  const draft = drafts[locale](content)
  const highlight = "code" in draft.highlight ? draft.highlight.code : draft.highlight.link
  const highlightHtml = "code" in draft.highlight
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(draft.highlight.code)}</p>`
    : `<p><a href="${escapeHtml(draft.highlight.link)}">${escapeHtml(draft.highlight.link)}</a></p>`
  return {
    subject: draft.subject,
    text: [...draft.before, highlight, ...draft.after].join("\n\n") + "\n",
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">${
      draft.before.map(paragraph).join("")
    }${highlightHtml}${draft.after.map(paragraph).join("")}</body></html>`
  }
}
