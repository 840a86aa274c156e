/**
 * The pages of the device approval link, in the attempt's locale, with no script, no style sheet and
 * nothing loaded (`Content-Security-Policy: default-src 'none'`). Opening the link shows `confirm`: a
 * sentence and a button whose form posts the token back to this same address (`form-action 'self'`);
 * only that POST approves, so a mail scanner that follows links approves nothing. The other pages say
 * what became of the approval.
 */
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Locale from "../../../core/Locale.ts"
import type { ApprovalOutcome, ApprovalState } from "./EmailLogin.ts"
import { escapeHtml } from "./MailTexts.ts"
import { visitorTexts } from "./VisitorTexts.ts"

export const policy = "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

export type ApprovalPage = ApprovalOutcome | ApprovalState | "forbidden"

const statuses: Record<ApprovalPage, number> = { confirm: 200, approved: 200, gone: 410, mailFailed: 502, forbidden: 403 }

/** `token`: for the `confirm` page's form. */
export const render = (page: ApprovalPage, locale: Locale.Locale, token?: string): HttpServerResponse.HttpServerResponse => {
  const all = visitorTexts[locale].approval
  const text = all[page]
  const form = page === "confirm" && token !== undefined
    ? `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(all.button)}</button></form>`
    : ""
  const html = `<!doctype html><html lang="${locale}" dir="${Locale.direction(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(text.title)}</title></head><body><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p>${form}</body></html>`
  return HttpServerResponse.text(html, {
    status: statuses[page],
    contentType: "text/html; charset=utf-8",
    // same-origin, not no-referrer: under no-referrer a browser posts the form with `Origin: null`, and the
    // approval takes a POST from this page's own origin only. Nothing on the page leads elsewhere.
    headers: { "content-security-policy": policy, "cache-control": "no-store", "referrer-policy": "same-origin" }
  })
}
