/**
 * The sandbox's stand-in for a mail provider: an SMTP server on a loopback port (SmtpReceiver.ts) and,
 * on a port of its own, the mailbox page (MailboxPage.ts) and `GET /messages?to=<address>`, the same
 * messages as JSON for tests: `[{ id, to, from, subject, text, receivedAt }]`, oldest first.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { listen } from "../Listen.ts"
import * as Mailbox from "./Mailbox.ts"
import * as MailboxPage from "./MailboxPage.ts"
import * as SmtpReceiver from "./SmtpReceiver.ts"

export interface MailServerOptions {
  /** A loopback address (default 127.0.0.1). */
  readonly host?: string
  /** 0 picks an ephemeral port. */
  readonly smtpPort: number
  readonly pagePort: number
}

export interface MailServer {
  readonly smtpHost: string
  readonly smtpPort: number
  /** The mailbox page, no trailing slash. */
  readonly url: string
  readonly mailbox: Mailbox.Mailbox
  readonly stop: () => Promise<void>
}

const isLoopback = (host: string) => host === "localhost" || host === "::1" || host.startsWith("127.")

const common = { "x-content-type-options": "nosniff", "cache-control": "no-store", "referrer-policy": "no-referrer" }

const answer = (response: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) => {
  response.writeHead(status, { ...common, "content-type": type, ...headers })
  response.end(body)
}

const handle = (mailbox: Mailbox.Mailbox) => (request: IncomingMessage, response: ServerResponse) => {
  const url = new URL(request.url ?? "/", "http://mailbox.invalid")
  if (request.method !== "GET" && request.method !== "HEAD") {
    return answer(response, 405, "application/json", JSON.stringify({ error: "method: only GET" }), { allow: "GET, HEAD" })
  }
  const to = url.searchParams.get("to") ?? undefined
  switch (url.pathname) {
    case "/messages":
      return answer(response, 200, "application/json", JSON.stringify(mailbox.list(to)))
    case MailboxPage.stylesheetPath:
      return answer(response, 200, "text/css; charset=utf-8", MailboxPage.stylesheet)
    case "/": {
      const recipients = [...new Set(mailbox.list().flatMap((message) => message.to))].toSorted()
      const selected = to?.trim().toLowerCase() || undefined
      return answer(response, 200, "text/html; charset=utf-8", MailboxPage.render(recipients, mailbox.list(selected), selected), {
        "content-security-policy": MailboxPage.pagePolicy
      })
    }
    default:
      return answer(response, 404, "application/json", JSON.stringify({ error: "path: no such page" }))
  }
}

export const startMailServer = async (options: MailServerOptions): Promise<MailServer> => {
  const host = options.host ?? "127.0.0.1"
  if (!isLoopback(host)) throw new Error(`The sandbox mail server listens on loopback addresses only, not ${host}`)
  const mailbox = Mailbox.make()
  const smtp = SmtpReceiver.make(mailbox)
  const page = createServer(handle(mailbox))
  const closeSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()))
  const closePage = () => new Promise<void>((resolve) => page.close(() => resolve()))
  try {
    const smtpPort = await new Promise<number>((resolve, reject) => {
      smtp.once("error", reject)
      smtp.listen(options.smtpPort, host, () => {
        smtp.off("error", reject)
        resolve((smtp.server.address() as AddressInfo).port)
      })
    })
    const pagePort = await listen(page, options.pagePort, host)
    return {
      smtpHost: host,
      smtpPort,
      url: `http://${host.includes(":") ? `[${host}]` : host}:${pagePort}`,
      mailbox,
      stop: async () => {
        page.closeAllConnections()
        await Promise.all([closeSmtp(), closePage()])
      }
    }
  } catch (error) {
    await Promise.allSettled([closeSmtp(), closePage()])
    throw error
  }
}
