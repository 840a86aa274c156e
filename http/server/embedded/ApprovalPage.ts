/**
 * The page a device approval link opens: one sentence in the attempt's locale, no script, no style
 * sheet, nothing loaded (`Content-Security-Policy: default-src 'none'`).
 */
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import type { Locale } from "../../api/EmbeddedApi.ts"
import type { ApprovalOutcome } from "./EmailLogin.ts"
import { escapeHtml } from "./MailTexts.ts"

export const policy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const texts: Record<Locale, Record<ApprovalOutcome, { readonly title: string; readonly body: string }>> = {
  en: {
    approved: { title: "Device approved", body: "This device is approved. Go back to the site: your sign-in code is on its way." },
    gone: { title: "Link no longer valid", body: "This link has expired or was already used. Start the sign-in again." },
    mailFailed: { title: "Please try again", body: "The sign-in code could not be sent. Open this link again in a moment." }
  },
  de: {
    approved: { title: "Gerät bestätigt", body: "Dieses Gerät ist bestätigt. Kehren Sie zur Website zurück: Ihr Anmeldecode ist unterwegs." },
    gone: { title: "Link nicht mehr gültig", body: "Dieser Link ist abgelaufen oder wurde schon verwendet. Starten Sie die Anmeldung erneut." },
    mailFailed: { title: "Bitte erneut versuchen", body: "Der Anmeldecode konnte nicht gesendet werden. Öffnen Sie diesen Link gleich noch einmal." }
  }
}

const statuses: Record<ApprovalOutcome, number> = { approved: 200, gone: 410, mailFailed: 502 }

export const render = (outcome: ApprovalOutcome, locale: Locale): HttpServerResponse.HttpServerResponse => {
  const text = texts[locale][outcome]
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(text.title)}</title></head><body><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p></body></html>`
  return HttpServerResponse.text(html, {
    status: statuses[outcome],
    contentType: "text/html; charset=utf-8",
    headers: { "content-security-policy": policy, "cache-control": "no-store", "referrer-policy": "no-referrer" }
  })
}
