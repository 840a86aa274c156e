/**
 * The sandbox Farcaster client's pages: the request a Sign In With Farcaster link carries, with Approve,
 * and the page after it. Plain HTML under a strict policy: no script and no style at all, forms post to
 * this origin only.
 */
import type { ServerResponse } from "node:http"
import type { FarcasterAccount, SiwfRequest } from "./DemoClient.ts"

const policy = "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sandbox Farcaster</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`

const hidden = (name: string, value: string | undefined) =>
  value === undefined ? "" : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`

export const renderClientPage = (request: SiwfRequest, account: FarcasterAccount): string =>
  page("Sign in", `<h1>Sign in with Farcaster</h1>
<p><strong>${escapeHtml(request.domain)}</strong> asks you to sign in as <strong>@${escapeHtml(account.username)}</strong> (fid ${account.fid}).</p>
<dl>
<dt>URI</dt><dd>${escapeHtml(request.siweUri)}</dd>
<dt>Nonce</dt><dd>${escapeHtml(request.nonce)}</dd>
${request.expirationTime === undefined ? "" : `<dt>Expires</dt><dd>${escapeHtml(request.expirationTime)}</dd>`}
</dl>
<form method="post">
${hidden("channelToken", request.channelToken)}${hidden("nonce", request.nonce)}${hidden("siweUri", request.siweUri)}${hidden("domain", request.domain)}${
    hidden("notBefore", request.notBefore)
  }${hidden("expirationTime", request.expirationTime)}${hidden("requestId", request.requestId)}
<button type="submit">Approve</button>
</form>`)

export const renderDonePage = (text: string): string => page("Farcaster", `<h1>Farcaster</h1>\n<p role="status">${escapeHtml(text)}</p>`)

export const sendHtml = (response: ServerResponse, status: number, html: string) => {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-security-policy": policy, "cache-control": "no-store" })
  response.end(html)
}
