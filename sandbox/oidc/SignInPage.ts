/**
 * The sign-in page both sandbox providers show: pick one of the ready-made accounts, type any
 * "Name <email>", or cancel (the client then gets `access_denied`). Plain HTML under a strict
 * Content-Security-Policy: no script at all, the stylesheet a file of this origin, and forms that may only
 * go to this origin and on to the registered redirect URIs (browsers check form-action on redirects too).
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { formatAccount, parseAccount, presetAccounts, type Account } from "./Accounts.ts"

export const stylesheetPath = "/sign-in.css"

const stylesheet = `
body { font: 16px/1.4 system-ui, sans-serif; margin: 0; background: #f2f3f5; color: #1b1d21; }
main { max-width: 26rem; margin: 3rem auto; padding: 1.5rem 2rem; background: #fff; border-radius: 12px; box-shadow: 0 2px 8px rgb(0 0 0 / 0.12); }
h1 { font-size: 1.3rem; margin: 0 0 0.25rem; }
p { margin: 0 0 1rem; color: #4a4f57; }
.accounts { display: grid; gap: 0.5rem; margin-bottom: 1rem; }
button { font: inherit; padding: 0.6rem 0.9rem; border-radius: 8px; border: 1px solid #c5c9d0; background: #fff; cursor: pointer; text-align: left; }
button:hover, button:focus-visible { border-color: #3b6ff5; outline: 2px solid #3b6ff5; outline-offset: 1px; }
label { display: block; margin-bottom: 0.25rem; }
input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.55rem; border-radius: 8px; border: 1px solid #c5c9d0; margin-bottom: 0.5rem; }
.row { display: flex; gap: 0.5rem; justify-content: space-between; }
.error { color: #b3261e; }
`

/** The page's policy: nothing but this origin's stylesheet, forms to this origin and the clients' redirect origins. */
export const pagePolicy = (redirectOrigins: ReadonlyArray<string>): string =>
  [
    "default-src 'none'",
    "style-src 'self'",
    `form-action 'self' ${[...new Set(redirectOrigins)].join(" ")}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'"
  ].join("; ")

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

export interface SignInPage {
  /** Who asks: the provider's name, e.g. "Sandbox OpenID provider". */
  readonly provider: string
  /** The client asking, as registered. */
  readonly client: string
  /** Where the form posts (a path of this origin). */
  readonly action: string
  /** Shown above the form after a rejected entry. */
  readonly error?: string
}

export const renderSignInPage = (page: SignInPage): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · ${escapeHtml(page.provider)}</title>
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<main>
<h1>${escapeHtml(page.provider)}</h1>
<p>${escapeHtml(page.client)} asks who you are. This is a local test provider: pick an account or type one.</p>
${page.error === undefined ? "" : `<p class="error" role="alert">${escapeHtml(page.error)}</p>`}
<form method="post" action="${escapeHtml(page.action)}">
<div class="accounts">
${presetAccounts.map((account) => `<button type="submit" name="account" value="${escapeHtml(formatAccount(account))}">${escapeHtml(formatAccount(account))}</button>`).join("\n")}
</div>
<label for="typed">Another account</label>
<input id="typed" name="typed" autocomplete="off" placeholder="Dana &lt;dana@example.test&gt;">
<div class="row">
<button type="submit" name="account" value="">Sign in</button>
<button type="submit" name="cancel" value="1">Cancel</button>
</div>
</form>
</main>
</body>
</html>
`

/** What the tester chose on the page. */
export type Choice =
  | { readonly kind: "account"; readonly account: Account }
  | { readonly kind: "cancel" }
  | { readonly kind: "invalid" }

export const parseChoice = (form: URLSearchParams): Choice => {
  if (form.get("cancel") !== null) return { kind: "cancel" }
  const chosen = form.get("account") ?? ""
  const account = parseAccount(chosen === "" ? form.get("typed") ?? "" : chosen)
  return account === undefined ? { kind: "invalid" } : { kind: "account", account }
}

export const invalidAccountMessage = "Type an account as Name <name@example.test>, or just an email address."

export const sendPage = (response: ServerResponse, status: number, html: string, policy: string): void => {
  response.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": policy,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff"
  })
  response.end(html)
}

/** Answers the stylesheet when `request` asks for it; false otherwise. */
export const answerStylesheet = (request: IncomingMessage, response: ServerResponse): boolean => {
  if (request.method !== "GET" || request.url !== stylesheetPath) return false
  response.writeHead(200, { "content-type": "text/css; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" })
  response.end(stylesheet)
  return true
}

/** A plain page for a request the provider refuses without redirecting (unknown client, wrong redirect URI). */
export const renderErrorPage = (title: string, detail: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="error">${escapeHtml(detail)}</p>
</main>
</body>
</html>
`
