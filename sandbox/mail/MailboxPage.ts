/**
 * The mailbox page: the recipients, and the messages of the one picked (or all), newest first, each
 * shown as its plain text. A message's HTML part is never rendered; the text is escaped, and only its
 * http(s) links become links. The page runs no script, loads only its own stylesheet, and reloads
 * itself every few seconds so a code shows up while the visitor waits.
 */
import type { MailMessage } from "./Mailbox.ts"

export const stylesheetPath = "/mailbox.css"

export const stylesheet = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f2f3f5; color: #1b1d21; }
header, main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem; }
h1 { font-size: 1.3rem; margin: 0.5rem 0; }
nav { display: flex; flex-wrap: wrap; gap: 0.5rem; }
nav a { padding: 0.2rem 0.6rem; border-radius: 999px; background: #fff; border: 1px solid #c5c9d0; color: inherit; text-decoration: none; }
nav a[aria-current="page"] { border-color: #3b6ff5; background: #e8eefe; }
article { background: #fff; border-radius: 10px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.1); padding: 1rem 1.25rem; margin-bottom: 1rem; }
h2 { font-size: 1.05rem; margin: 0 0 0.25rem; }
.meta { color: #4a4f57; font-size: 0.85rem; margin: 0 0 0.75rem; }
pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
`

/** No script at all, this origin's stylesheet only, and the page may not be framed. */
export const pagePolicy = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

const urlPattern = /https?:\/\/[^\s<>"']+/g

/** The escaped text, its http(s) URLs as links (the only markup a message can cause). */
const linkified = (text: string): string => {
  let html = ""
  let last = 0
  for (const match of text.matchAll(urlPattern)) {
    html += escapeHtml(text.slice(last, match.index)) +
      `<a href="${escapeHtml(match[0])}" rel="noreferrer noopener">${escapeHtml(match[0])}</a>`
    last = match.index + match[0].length
  }
  return html + escapeHtml(text.slice(last))
}

const message = (mail: MailMessage) => `<article>
<h2>${escapeHtml(mail.subject === "" ? "(no subject)" : mail.subject)}</h2>
<p class="meta">From ${escapeHtml(mail.from)} to ${escapeHtml(mail.to.join(", "))}, ${escapeHtml(mail.receivedAt)}</p>
<pre>${linkified(mail.text)}</pre>
</article>`

export const render = (recipients: ReadonlyArray<string>, shown: ReadonlyArray<MailMessage>, selected: string | undefined): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3">
<title>Sandbox mailbox${selected === undefined ? "" : ` · ${escapeHtml(selected)}`}</title>
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<header>
<h1>Sandbox mailbox</h1>
<nav aria-label="Recipients">
<a href="/"${selected === undefined ? " aria-current=\"page\"" : ""}>All</a>
${recipients.map((to) => `<a href="/?to=${encodeURIComponent(to)}"${to === selected ? " aria-current=\"page\"" : ""}>${escapeHtml(to)}</a>`).join("\n")}
</nav>
</header>
<main>
${shown.length === 0 ? "<p>No messages yet. Mail sent through the sandbox's SMTP server shows up here.</p>" : shown.toReversed().map(message).join("\n")}
</main>
</body>
</html>
`
