/**
 * The pages of the device approval link, in the attempt's locale, with no script, no style sheet and
 * nothing loaded (`Content-Security-Policy: default-src 'none'`). Opening the link shows `confirm`: a
 * sentence and a button whose form posts the token back to this same address (`form-action 'self'`);
 * only that POST approves, so a mail scanner that follows links approves nothing. The other pages say
 * what became of the approval.
 */
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { Locale } from "../../api/EmbeddedApi.ts"
import type { ApprovalOutcome, ApprovalState } from "./EmailLogin.ts"
import { escapeHtml } from "./MailTexts.ts"

export const policy = "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

export type ApprovalPage = ApprovalOutcome | ApprovalState | "forbidden"

interface Text {
  readonly title: string
  readonly body: string
}

const texts: Record<Locale, Record<ApprovalPage, Text> & { readonly button: string }> = {
  en: {
    confirm: {
      title: "Approve this device?",
      body: "Someone asked to sign in with this address on a new device. If it was you, approve the device; if not, close this page."
    },
    approved: { title: "Device approved", body: "This device is approved. Go back to the site: your sign-in code is on its way." },
    gone: { title: "Link no longer valid", body: "This link has expired or was already used. Start the sign-in again." },
    mailFailed: { title: "Please try again", body: "The sign-in code could not be sent. Open this link again in a moment." },
    forbidden: { title: "Not approved", body: "Approve the device with the button on the page this link opens." },
    button: "Approve this device"
  },
  de: {
    confirm: {
      title: "Dieses Gerät bestätigen?",
      body: "Jemand möchte sich mit dieser Adresse auf einem neuen Gerät anmelden. Wenn Sie es waren, bestätigen Sie das Gerät; sonst schließen Sie diese Seite."
    },
    approved: { title: "Gerät bestätigt", body: "Dieses Gerät ist bestätigt. Kehren Sie zur Website zurück: Ihr Anmeldecode ist unterwegs." },
    gone: { title: "Link nicht mehr gültig", body: "Dieser Link ist abgelaufen oder wurde schon verwendet. Starten Sie die Anmeldung erneut." },
    mailFailed: { title: "Bitte erneut versuchen", body: "Der Anmeldecode konnte nicht gesendet werden. Öffnen Sie diesen Link gleich noch einmal." },
    forbidden: { title: "Nicht bestätigt", body: "Bestätigen Sie das Gerät mit der Schaltfläche auf der Seite, die dieser Link öffnet." },
    button: "Gerät bestätigen"
  }
}

const statuses: Record<ApprovalPage, number> = { confirm: 200, approved: 200, gone: 410, mailFailed: 502, forbidden: 403 }

/** `token`: for the `confirm` page's form. */
export const render = (page: ApprovalPage, locale: Locale, token?: string): HttpServerResponse.HttpServerResponse => {
  const all = texts[locale]
  const text = all[page]
  const form = page === "confirm" && token !== undefined
    ? `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(all.button)}</button></form>`
    : ""
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(text.title)}</title></head><body><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p>${form}</body></html>`
  return HttpServerResponse.text(html, {
    status: statuses[page],
    contentType: "text/html; charset=utf-8",
    // same-origin, not no-referrer: under no-referrer a browser posts the form with `Origin: null`, and the
    // approval takes a POST from this page's own origin only. Nothing on the page leads elsewhere.
    headers: { "content-security-policy": policy, "cache-control": "no-store", "referrer-policy": "same-origin" }
  })
}
