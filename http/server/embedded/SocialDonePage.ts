/**
 * The page the popup shows when the provider sends it back to our callback: it says whether the sign-in
 * finished, hands the attempt's completion code to the wallet's frames of the page that opened it, and
 * closes itself. The code goes by `postMessage` to each frame of the opener with this page's own origin
 * as the target, so only the wallet's own pages can read it — never the opener (the host page) and never
 * any other frame. A page opened without an opener (a link someone else started, sent to the visitor)
 * hands the code to nobody.
 *
 * It runs under a policy that allows nothing but its script, a file of our origin, and sends no referrer:
 * its URL carries the provider's code.
 */
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { completionMessageType, popupScriptPath } from "../../api/SocialApi.ts"
import { escapeHtml } from "./MailTexts.ts"

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

const texts = {
  en: {
    signedIn: { title: "Signed in", body: "The sign-in is complete in the window that started it. You can close this window." },
    failed: { title: "Sign-in not completed", body: "The sign-in did not complete. You can close this window and try again." }
  },
  de: {
    signedIn: { title: "Angemeldet", body: "Die Anmeldung wird im Fenster abgeschlossen, das sie begonnen hat. Sie können dieses Fenster schließen." },
    failed: { title: "Anmeldung nicht abgeschlossen", body: "Die Anmeldung wurde nicht abgeschlossen. Schließen Sie dieses Fenster und versuchen Sie es erneut." }
  }
} as const

/** German when the browser's first preference is German; English otherwise. */
export const localeOf = (acceptLanguage: string | undefined): keyof typeof texts =>
  /^\s*de\b/i.test(acceptLanguage ?? "") ? "de" : "en"

export interface Completion {
  readonly attemptId: string
  readonly code: string
}

export const render = (outcome: "signedIn" | "failed", locale: keyof typeof texts, completion?: Completion): string => {
  const text = texts[locale][outcome]
  const meta = completion === undefined ? "" : `<meta name="${completionMeta}" content="${escapeHtml(`${completion.attemptId} ${completion.code}`)}">\n`
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${meta}<title>${text.title}</title>
<script src="${scriptName}" defer></script>
</head>
<body>
<h1>${text.title}</h1>
<p>${text.body}</p>
</body>
</html>
`
}

export const response = (outcome: "signedIn" | "failed", acceptLanguage: string | undefined, completion?: Completion): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(render(outcome, localeOf(acceptLanguage), completion), {
    contentType: "text/html; charset=utf-8",
    headers: callbackHeaders
  })
