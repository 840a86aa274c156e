/**
 * The sandbox mail server: mail sent over SMTP (nodemailer, as the API server sends it) lands in the
 * mailbox, listed per recipient as JSON for tests and on the mailbox page, where a message shows as
 * escaped text under a strict CSP (its HTML part is never rendered). It listens on loopback only.
 */
import { createTransport } from "nodemailer"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { MailMessage } from "../../sandbox/mail/Mailbox.ts"
import { startMailServer, type MailServer } from "../../sandbox/mail/MailServer.ts"

let server: MailServer
beforeAll(async () => {
  server = await startMailServer({ smtpPort: 0, pagePort: 0 })
})
afterAll(() => server.stop())

const send = (message: { to: string; subject: string; text: string; html?: string }) =>
  createTransport({ host: server.smtpHost, port: server.smtpPort, secure: false }).sendMail({ from: "Sender <from@example.com>", ...message })

const messages = async (to?: string): Promise<ReadonlyArray<MailMessage>> =>
  await (await fetch(`${server.url}/messages${to === undefined ? "" : `?to=${encodeURIComponent(to)}`}`)).json() as ReadonlyArray<MailMessage>

describe("sandbox mail server", () => {
  it("files each message under its recipients, listed as JSON per address (case-insensitive)", async () => {
    await send({ to: "Alice@Example.com", subject: "Your sign-in code", text: "Your sign-in code is:\n\n123456\n" })
    await send({ to: "bob@example.com", subject: "Hi Bob", text: "Hello" })
    const forAlice = await messages("alice@example.COM")
    expect(forAlice).toHaveLength(1)
    expect(forAlice[0]).toMatchObject({ to: ["alice@example.com"], from: "\"Sender\" <from@example.com>", subject: "Your sign-in code" })
    expect(forAlice[0]?.text).toContain("123456")
    expect((await messages()).map((message) => message.subject)).toEqual(expect.arrayContaining(["Your sign-in code", "Hi Bob"]))
  })

  it("shows messages as escaped text under a strict CSP; only http(s) links become links", async () => {
    await send({
      to: "carol@example.com",
      subject: "<b>Approve</b>",
      text: "Open https://wallet.test/approve?token=abc&x=1 or javascript:alert(1) <script>alert(1)</script>",
      html: "<p>hello</p><img src=x onerror=alert(1)>"
    })
    const page = await fetch(`${server.url}/?to=carol@example.com`)
    expect(page.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    expect(page.headers.get("x-content-type-options")).toBe("nosniff")
    const html = await page.text()
    expect(html).toContain("&#60;b&#62;Approve&#60;/b&#62;")
    expect(html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;")
    expect(html).not.toContain("<script")
    expect(html).not.toContain("onerror")
    expect(html).toContain(`<a href="https://wallet.test/approve?token=abc&#38;x=1" rel="noreferrer noopener">`)
    expect(html).not.toContain(`href="javascript`)
  })

  it("answers only GET, and 404 elsewhere", async () => {
    expect((await fetch(`${server.url}/messages`, { method: "POST" })).status).toBe(405)
    expect((await fetch(`${server.url}/nothing`)).status).toBe(404)
  })

  it("listens on loopback addresses only", async () => {
    await expect(startMailServer({ host: "0.0.0.0", smtpPort: 0, pagePort: 0 })).rejects.toThrow(/loopback/)
  })
})
