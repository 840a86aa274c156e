/**
 * The page the popup shows when the provider sends it back to our callback: it says whether the sign-in
 * finished and closes itself (the frame learns the outcome from its long poll, never from this page). It
 * runs under a policy that allows nothing but its script, a file of our origin, and sends no referrer:
 * its URL carries the provider's code.
 */
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { popupScriptPath } from "../../api/SocialApi.ts"

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

export const script = "window.close()\n"

/** Relative to the callback (a sibling path), so a proxy's path prefix in front of the server does not matter. */
const scriptName = popupScriptPath.slice(popupScriptPath.lastIndexOf("/") + 1)

const texts = {
  en: {
    signedIn: { title: "Signed in", body: "You are signed in. You can close this window." },
    failed: { title: "Sign-in not completed", body: "The sign-in did not complete. You can close this window and try again." }
  },
  de: {
    signedIn: { title: "Angemeldet", body: "Sie sind angemeldet. Sie können dieses Fenster schließen." },
    failed: { title: "Anmeldung nicht abgeschlossen", body: "Die Anmeldung wurde nicht abgeschlossen. Schließen Sie dieses Fenster und versuchen Sie es erneut." }
  }
} as const

/** German when the browser's first preference is German; English otherwise. */
export const localeOf = (acceptLanguage: string | undefined): keyof typeof texts =>
  /^\s*de\b/i.test(acceptLanguage ?? "") ? "de" : "en"

export const render = (outcome: "signedIn" | "failed", locale: keyof typeof texts): string => {
  const text = texts[locale][outcome]
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title>
<script src="${scriptName}" defer></script>
</head>
<body>
<h1>${text.title}</h1>
<p>${text.body}</p>
</body>
</html>
`
}

export const response = (outcome: "signedIn" | "failed", acceptLanguage: string | undefined): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(render(outcome, localeOf(acceptLanguage)), {
    contentType: "text/html; charset=utf-8",
    headers: callbackHeaders
  })
