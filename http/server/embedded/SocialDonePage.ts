/**
 * The page the popup shows when the provider sends it back to our callback: it says whether the sign-in
 * finished, hands the attempt's completion code to the wallet's frames of the page that opened it, and
 * closes itself. The code goes by `postMessage` to each frame of the opener with this page's own origin
 * as the target, so only the wallet's own pages can read it — never the opener (the host page) and never
 * any other frame. A page opened without an opener (a link someone else started, sent to the visitor)
 * hands the code to nobody.
 *
 * It speaks the browser's language (`Accept-Language`): the callback knows no other. It runs under a
 * policy that allows nothing but its script, a file of our origin, and sends no referrer: its URL
 * carries the provider's code.
 */
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Locale from "../../../core/Locale.ts"
import { completionMessageType, popupScriptPath } from "../../api/SocialApi.ts"
import { localeOf } from "../AcceptLanguage.ts"
import { escapeHtml } from "./MailTexts.ts"
import { visitorTexts } from "./VisitorTexts.ts"

export const policy = [
  "default-src 'none'",
  "script-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join("; ")

/** The callback's answers all carry these: no caching, no referrer (the URL has the code), nothing framed. */
export const callbackHeaders = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "content-security-policy": policy
} as const

/** The meta element carrying `<attemptId> <completionCode>` for the script. */
export const completionMeta = "portico-social-completion"

/** Posts the completion to every frame of the opener, for this origin only; then closes. */
export const script = `(() => {
  const meta = document.querySelector('meta[name="${completionMeta}"]')
  const [attemptId, completionCode] = (meta && meta.content ? meta.content : "").split(" ")
  const opener = window.opener
  if (opener && attemptId && completionCode) {
    const message = { type: "${completionMessageType}", attemptId, completionCode }
    for (let index = 0; index < opener.length; index++) {
      try {
        opener[index].postMessage(message, location.origin)
      } catch {
        // A frame that went away meanwhile.
      }
    }
  }
  window.close()
})()
`

/** Relative to the callback (a sibling path), so a proxy's path prefix in front of the server does not matter. */
const scriptName = popupScriptPath.slice(popupScriptPath.lastIndexOf("/") + 1)

export interface Completion {
  readonly attemptId: string
  readonly code: string
}

export const render = (outcome: "signedIn" | "failed", locale: Locale.Locale, completion?: Completion): string => {
  const text = visitorTexts[locale].socialDone[outcome]
  const meta = completion === undefined ? "" : `<meta name="${completionMeta}" content="${escapeHtml(`${completion.attemptId} ${completion.code}`)}">\n`
  return `<!doctype html>
<html lang="${locale}" dir="${Locale.direction(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${meta}<title>${escapeHtml(text.title)}</title>
<script src="${scriptName}" defer></script>
</head>
<body>
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.body)}</p>
</body>
</html>
`
}

export const response = (outcome: "signedIn" | "failed", acceptLanguage: string | undefined, completion?: Completion): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(render(outcome, localeOf(acceptLanguage), completion), {
    contentType: "text/html; charset=utf-8",
    headers: callbackHeaders
  })
