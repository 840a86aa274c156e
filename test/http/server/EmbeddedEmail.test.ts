/**
 * The embedded wallet's email login and email update against a real API server and the sandbox's real
 * SMTP server: codes read from the mailbox, the five-tries and ten-minute limits (time moved by the
 * server's clock), the 30 s gate with its message and Retry-After, device approval by link with the long
 * poll, CONNECT with a current refresh token, mails and pages in the visitor's locale (German, Japanese,
 * Arabic right to left) or the browser's, and the two-step email update.
 */
import * as fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Locale } from "../../../core/Locale.ts"
import * as OtpCode from "../../../http/server/embedded/OtpCode.ts"
import { visitorTexts } from "../../../http/server/embedded/VisitorTexts.ts"
import { startApiServer } from "../../../http/server/start.ts"
import { startMailServer } from "../../../sandbox/mail/MailServer.ts"
import {
  bearer,
  codeIn,
  failureOf,
  follow,
  lastMessageTo,
  linkIn,
  open,
  messagesTo,
  newDeviceId,
  newEmail,
  pageOrigin,
  projectId,
  publicUrl,
  signIn,
  startEmbeddedWorld,
  withEmbedded,
  type EmbeddedWorld
} from "../support/embedded.ts"

let world: EmbeddedWorld
beforeAll(async () => {
  world = await startEmbeddedWorld()
})
afterAll(() => world.stop())

const url = () => world.api.url

const connect = (email: string, deviceId: string, locale: Locale = "en", refreshToken?: string) =>
  withEmbedded(url(), (c) =>
    c.emailConnect({ query: {}, payload: { email, deviceId, locale, ...(refreshToken === undefined ? {} : { refreshToken }) } }))

const otp = (attemptId: string, code: string) => withEmbedded(url(), (c) => c.emailOtp({ query: {}, payload: { attemptId, otp: code } }))
const otpFailure = (attemptId: string, code: string) => failureOf(url(), (c) => c.emailOtp({ query: {}, payload: { attemptId, otp: code } }))

/** A six-digit code other than `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0")

/** The attempt id of a `VERIFY_OTP` or `VERIFY_DEVICE` answer. */
const attemptOf = (answer: { readonly action: string; readonly attemptId?: string }): string => {
  if (answer.attemptId === undefined) throw new Error(`no attempt in ${answer.action}`)
  return answer.attemptId
}

describe("email login", () => {
  it("a new visitor gets a code by mail, and the code a session", async () => {
    const email = newEmail()
    const answer = await connect(email, newDeviceId())
    expect(answer.action).toBe("VERIFY_OTP")
    const mail = await lastMessageTo(world.mail, email)
    expect(mail.subject).toBe("Your sign-in code")
    const grant = await otp(attemptOf(answer), codeIn(mail))
    expect(grant.accessToken.split(".")).toHaveLength(3)
    expect(grant.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(grant.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000)
    expect(grant.expiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000)
    const user = await withEmbedded(url(), (c) => c.user({ query: {}, headers: bearer(grant.accessToken) }))
    expect(user).toEqual({ visitorId: grant.visitorId, email })
  })

  it("the same address in another case is the same visitor", async () => {
    const email = newEmail()
    const first = await signIn(world, email)
    world.time.advance(31_000)
    const again = await signIn(world, email.toUpperCase(), first.deviceId)
    expect(again.grant.visitorId).toBe(first.grant.visitorId)
  })

  it("a right code is used once", async () => {
    const email = newEmail()
    const answer = await connect(email, newDeviceId())
    const code = codeIn(await lastMessageTo(world.mail, email))
    await otp(attemptOf(answer), code)
    expect(await otpFailure(attemptOf(answer), code)).toMatchObject({ _tag: "NotFound", status: 404 })
  })

  it("five wrong codes kill the attempt: then even the right code is refused", async () => {
    const email = newEmail()
    const attemptId = attemptOf(await connect(email, newDeviceId()))
    const code = codeIn(await lastMessageTo(world.mail, email))
    const refusals = []
    for (let i = 0; i < 5; i++) refusals.push(await otpFailure(attemptId, otherThan(code)))
    expect(refusals.map((refusal) => refusal._tag === "OtpRefused" ? [refusal.reason, refusal.triesLeft] : refusal._tag)).toEqual([
      ["wrong", 4], ["wrong", 3], ["wrong", 2], ["wrong", 1], ["locked", 0]
    ])
    expect(await otpFailure(attemptId, code)).toMatchObject({ _tag: "OtpRefused", reason: "locked", status: 400 })
  })

  it("wrong codes sent at once still count five tries", async () => {
    const email = newEmail()
    const attemptId = attemptOf(await connect(email, newDeviceId()))
    const code = codeIn(await lastMessageTo(world.mail, email))
    await Promise.all(Array.from({ length: 8 }, () => otpFailure(attemptId, otherThan(code))))
    expect(await otpFailure(attemptId, code)).toMatchObject({ _tag: "OtpRefused", reason: "locked" })
  })

  it("a code expires after 10 minutes", async () => {
    const email = newEmail()
    const attemptId = attemptOf(await connect(email, newDeviceId()))
    const code = codeIn(await lastMessageTo(world.mail, email))
    world.time.advance(10 * 60_000 + 1_000)
    expect(await otpFailure(attemptId, code)).toMatchObject({ _tag: "OtpRefused", reason: "expired", status: 400 })
  })

  it("a second mail to the address within 30 s: 429, 'Please try again after {n} seconds' and Retry-After", async () => {
    const email = newEmail()
    await connect(email, newDeviceId())
    world.time.advance(10_200)
    const refusal = await failureOf(url(), (c) => c.emailConnect({ query: {}, payload: { email: email.toUpperCase(), deviceId: newDeviceId(), locale: "en" } }))
    expect(refusal).toMatchObject({ _tag: "EmailCooldown", message: "Please try again after 20 seconds", retryAfter: 20, status: 429 })
    const raw = await fetch(`${url()}/v1/embedded/email/connect?projectId=${projectId}&st=portico&sv=test`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url() },
      body: JSON.stringify({ email, deviceId: newDeviceId(), locale: "en" })
    })
    expect(raw.status).toBe(429)
    expect(raw.headers.get("retry-after")).toBe("20")
    expect(await raw.json()).toEqual({ _tag: "EmailCooldown", message: "Please try again after 20 seconds", retryAfter: 20 })
    expect(await messagesTo(world.mail, email)).toHaveLength(1)
    world.time.advance(19_800)
    expect((await connect(email, newDeviceId())).action).toBe("VERIFY_OTP")
    expect(await messagesTo(world.mail, email)).toHaveLength(2)
  })

  it("a mail the SMTP server does not take answers 502 and leaves the gate open", async () => {
    const closed = await startMailServer({ smtpPort: 0, pagePort: 0 })
    await closed.stop()
    const api = await startApiServer({
      port: 0,
      projects: { [projectId]: { allowedOrigins: [pageOrigin] } },
      embedded: { ...world.options, smtp: { ...world.options.smtp, port: closed.smtpPort } }
    })
    try {
      const email = newEmail()
      for (let i = 0; i < 2; i++) {
        const refusal = await failureOf(api.url, (c) => c.emailConnect({ query: {}, payload: { email, deviceId: newDeviceId(), locale: "en" } }))
        expect(refusal).toMatchObject({ _tag: "UpstreamUnavailable", status: 502 })
      }
    } finally {
      await api.stop()
    }
  })

  it("refuses a malformed address with a 400 naming the field", async () => {
    const refusal = await fetch(`${url()}/v1/embedded/email/connect?projectId=${projectId}&st=portico&sv=test`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url() },
      body: JSON.stringify({ email: "not an address", deviceId: newDeviceId(), locale: "en" })
    })
    expect(refusal.status).toBe(400)
    const body = await refusal.json() as { _tag: string; message: string }
    expect(body._tag).toBe("BadRequest")
    expect(body.message).toContain("email")
  })
})

/** A fresh attempt for `email` (past its 30 s gate, unless it is a new address) and its code. */
const attempt = async (email: string, known = true) => {
  if (known) world.time.advance(31_000)
  const attemptId = attemptOf(await connect(email, newDeviceId()))
  return { attemptId, code: codeIn(await lastMessageTo(world.mail, email)) }
}

describe("limits across attempts", () => {
  it("attack: guessing across new attempts gets an address 15 tries an hour, then 'Please try again after {n} seconds'", async () => {
    const email = newEmail("target")
    for (let round = 0; round < 3; round++) {
      const { attemptId, code } = await attempt(email)
      for (let i = 0; i < 5; i++) expect(await otpFailure(attemptId, otherThan(code))).toMatchObject({ _tag: "OtpRefused" })
    }
    const fourth = await attempt(email)
    const refusal = await otpFailure(fourth.attemptId, fourth.code)
    expect(refusal).toMatchObject({ _tag: "EmailCooldown", status: 429, message: expect.stringMatching(/^Please try again after \d+ seconds$/) })
    expect(refusal._tag === "EmailCooldown" ? refusal.retryAfter : 0).toBeGreaterThan(3_000)
    // Once the hour has passed, the address's codes work again.
    world.time.advance(60 * 60_000)
    const fresh = await attempt(email)
    expect((await otp(fresh.attemptId, fresh.code)).visitorId).toMatch(/^[0-9a-f]{32}$/)
  })

  it("attack: one client spraying codes over many addresses gets 30 tries an hour", async () => {
    const client = "203.0.113.66"
    const tryAs = (attemptId: string, code: string) => failureOf(url(), (c) => c.emailOtp({ query: {}, payload: { attemptId, otp: code } }), { client })
    for (let address = 0; address < 6; address++) {
      const { attemptId, code } = await attempt(newEmail("sprayed"), false)
      for (let i = 0; i < 5; i++) expect(await tryAs(attemptId, otherThan(code))).toMatchObject({ _tag: "OtpRefused" })
    }
    const next = await attempt(newEmail("sprayed"), false)
    expect(await tryAs(next.attemptId, next.code)).toMatchObject({ _tag: "EmailCooldown", status: 429 })
    // Another visitor's address is not held up by it.
    expect((await otp(next.attemptId, next.code)).visitorId).toMatch(/^[0-9a-f]{32}$/)
  })

  it("an address gets 10 mails an hour", async () => {
    const email = newEmail("mailed")
    for (let mail = 0; mail < 10; mail++) await attempt(email)
    world.time.advance(31_000)
    const refusal = await failureOf(url(), (c) => c.emailConnect({ query: {}, payload: { email, deviceId: newDeviceId(), locale: "en" } }))
    expect(refusal).toMatchObject({ _tag: "EmailCooldown", status: 429 })
    expect(await messagesTo(world.mail, email)).toHaveLength(10)
  })
})

describe("a known visitor on a new device", () => {
  it("gets an approval link first; the long poll answers VERIFY_OTP once it is followed, and a code follows", async () => {
    const { email, grant } = await signIn(world)
    world.time.advance(31_000)
    const deviceId = newDeviceId()
    const answer = await connect(email, deviceId)
    expect(answer.action).toBe("VERIFY_DEVICE")
    const attemptId = attemptOf(answer)
    const linkMail = await lastMessageTo(world.mail, email)
    expect(linkMail.subject).toBe("Approve sign-in on a new device")
    const link = linkIn(linkMail)
    expect(link.startsWith(`${publicUrl}/v1/embedded/email/device/approve?token=`)).toBe(true)
    // The code cannot be tried before the approval.
    expect(await otpFailure(attemptId, "123456")).toMatchObject({ _tag: "BadRequest" })

    const waiting = withEmbedded(url(), (c) => c.emailDevice({ query: {}, payload: { attemptId } }))
    const page = await follow(world.api, link)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'")
    expect(page.headers.get("x-content-type-options")).toBe("nosniff")
    expect(await page.text()).toContain("Device approved")
    expect(await waiting).toEqual({ action: "VERIFY_OTP" })

    const codeMail = await lastMessageTo(world.mail, email)
    expect(codeMail.subject).toBe("Your sign-in code")
    const deviceGrant = await otp(attemptId, codeIn(codeMail))
    expect(deviceGrant.visitorId).toBe(grant.visitorId)

    // Following the link again changes nothing and mails nothing.
    const mails = (await messagesTo(world.mail, email)).length
    expect((await follow(world.api, link)).status).toBe(410)
    expect(await messagesTo(world.mail, email)).toHaveLength(mails)
    // The device is verified now: the next login mails a code directly.
    world.time.advance(31_000)
    expect((await connect(email, deviceId)).action).toBe("VERIFY_OTP")
  })

  it("attack: a mail scanner opening the link (GET) approves nothing; a form posted from another site neither", async () => {
    const { email } = await signIn(world)
    world.time.advance(31_000)
    const attemptId = attemptOf(await connect(email, newDeviceId()))
    const link = linkIn(await lastMessageTo(world.mail, email))
    const mails = (await messagesTo(world.mail, email)).length
    for (let scan = 0; scan < 3; scan++) {
      const page = await open(world.api, link)
      expect(page.status).toBe(200)
      expect(page.headers.get("content-security-policy")).toContain("form-action 'self'")
      expect(await page.text()).toContain("Approve this device?")
    }
    const token = new URL(link).searchParams.get("token") ?? ""
    const crossSite = await fetch(`${url()}/v1/embedded/email/device/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ token }).toString()
    })
    expect(crossSite.status).toBe(403)
    expect(await messagesTo(world.mail, email)).toHaveLength(mails)
    expect(await otpFailure(attemptId, "123456")).toMatchObject({ _tag: "BadRequest", message: expect.stringContaining("not approved") })
    // The visitor's own click still approves.
    expect(await (await follow(world.api, link)).text()).toContain("Device approved")
  })

  it("an unknown approval token answers the 'no longer valid' page", async () => {
    const page = await fetch(`${url()}/v1/embedded/email/device/approve?token=${"A".repeat(43)}`)
    expect(page.status).toBe(410)
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'")
    expect(await page.text()).toContain("Link no longer valid")
  })

  it("a poll after the approval answers at once", async () => {
    const { email } = await signIn(world)
    world.time.advance(31_000)
    const attemptId = attemptOf(await connect(email, newDeviceId()))
    await follow(world.api, linkIn(await lastMessageTo(world.mail, email)))
    expect(await withEmbedded(url(), (c) => c.emailDevice({ query: {}, payload: { attemptId } }))).toEqual({ action: "VERIFY_OTP" })
  })
})

describe("CONNECT", () => {
  it("needs no code with a current refresh token of the same visitor on the same device", async () => {
    const { deviceId, email, grant } = await signIn(world)
    const answer = await connect(email, deviceId, "en", grant.refreshToken)
    expect(answer).toEqual({ action: "CONNECT" })
    // Not another device's, and not for another address.
    world.time.advance(31_000)
    expect((await connect(email, newDeviceId(), "en", grant.refreshToken)).action).toBe("VERIFY_DEVICE")
    world.time.advance(31_000)
    expect((await connect(newEmail(), deviceId, "en", grant.refreshToken)).action).toBe("VERIFY_OTP")
  })
})

describe("the visitor's locale", () => {
  it("mails the code, the link and the approval page in German when locale=de", async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const first = await connect(email, deviceId, "de")
    const codeMail = await lastMessageTo(world.mail, email)
    expect(codeMail.subject).toBe(visitorTexts.de.mail.code.subject)
    expect(codeMail.text).toContain("Dein Anmeldecode lautet")
    await otp(attemptOf(first), codeIn(codeMail))
    world.time.advance(31_000)
    await connect(email, newDeviceId(), "de")
    const linkMail = await lastMessageTo(world.mail, email)
    expect(linkMail.subject).toBe("Anmeldung auf einem neuen Gerät bestätigen")
    const page = await follow(world.api, linkIn(linkMail))
    expect(await page.text()).toContain("Gerät bestätigt")
    expect((await lastMessageTo(world.mail, email)).subject).toBe(visitorTexts.de.mail.code.subject)
  })

  it("mails a Japanese visitor in Japanese", async () => {
    const email = newEmail()
    const first = await connect(email, newDeviceId(), "ja")
    const mail = await lastMessageTo(world.mail, email)
    expect(mail.subject).toBe("ログインコードのお知らせ")
    expect(mail.text).toContain("ログインコードは次のとおりです")
    expect(mail.text).toContain("有効期限は10分です")
    expect((await otp(attemptOf(first), codeIn(mail))).accessToken).toEqual(expect.any(String))
  })

  it("lays an Arabic visitor's approval pages out right to left", async () => {
    const { email } = await signIn(world)
    world.time.advance(31_000)
    await connect(email, newDeviceId(), "ar")
    const linkMail = await lastMessageTo(world.mail, email)
    expect(linkMail.subject).toBe(visitorTexts.ar.mail.device.subject)
    const confirm = await (await open(world.api, linkIn(linkMail))).text()
    expect(confirm).toContain(`<html lang="ar" dir="rtl">`)
    expect(confirm).toContain(visitorTexts.ar.approval.button)
    const approved = await (await follow(world.api, linkIn(linkMail))).text()
    expect(approved).toContain(visitorTexts.ar.approval.approved.title)
    expect((await lastMessageTo(world.mail, email)).subject).toBe(visitorTexts.ar.mail.code.subject)
  })

  it("answers a link without an attempt, and a form posted from elsewhere, in the browser's language", async () => {
    const gone = await fetch(`${url()}/v1/embedded/email/device/approve?token=${"A".repeat(43)}`, {
      headers: { "accept-language": "xx, he-IL;q=0.8, en;q=0.5" }
    })
    expect(gone.status).toBe(410)
    const goneText = await gone.text()
    expect(goneText).toContain(`<html lang="he" dir="rtl">`)
    expect(goneText).toContain(visitorTexts.he.approval.gone.title)
    const forbidden = await fetch(`${url()}/v1/embedded/email/device/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", "accept-language": "pt-BR,pt;q=0.9" },
      body: new URLSearchParams({ token: "A".repeat(43) }).toString()
    })
    expect(forbidden.status).toBe(403)
    expect(await forbidden.text()).toContain(visitorTexts.pt.approval.forbidden.title)
  })
})

const update = (accessToken: string, email: string) =>
  withEmbedded(url(), (c) => c.emailUpdate({ query: {}, headers: bearer(accessToken), payload: { email, locale: "en" } }))

describe("email update", () => {
  it("confirms the current address, then the new one, and answers newEmail; the visitor's other sessions end", async () => {
    const { deviceId, email, grant } = await signIn(world)
    const next = newEmail("next")
    world.time.advance(31_000)
    // Another session of the visitor, signed in with the old address.
    const elsewhere = await signIn(world, email, deviceId)
    world.time.advance(31_000)
    const started = await update(grant.accessToken, next)
    expect(started.action).toBe("VERIFY_PRIMARY_OTP")
    const primaryMail = await lastMessageTo(world.mail, email)
    expect(primaryMail.subject).toBe("Confirm your email change")
    expect(primaryMail.text).toContain(next)
    const primary = await withEmbedded(url(), (c) =>
      c.emailUpdatePrimary({ query: {}, headers: bearer(grant.accessToken), payload: { attemptId: started.attemptId, otp: codeIn(primaryMail) } }))
    expect(primary).toEqual({ action: "VERIFY_SECONDARY_OTP" })
    const secondaryMail = await lastMessageTo(world.mail, next)
    expect(secondaryMail.subject).toBe("Confirm your new email address")
    // The first code does not confirm the second step.
    const reused = await failureOf(url(), (c) =>
      c.emailUpdateSecondary({ query: {}, headers: bearer(grant.accessToken), payload: { attemptId: started.attemptId, otp: codeIn(primaryMail) } }))
    expect(reused).toMatchObject({ _tag: "OtpRefused", reason: "wrong" })
    const done = await withEmbedded(url(), (c) =>
      c.emailUpdateSecondary({ query: {}, headers: bearer(grant.accessToken), payload: { attemptId: started.attemptId, otp: codeIn(secondaryMail) } }))
    expect(done).toEqual({ newEmail: next })
    expect(await withEmbedded(url(), (c) => c.user({ query: {}, headers: bearer(grant.accessToken) }))).toMatchObject({ email: next })
    expect(await failureOf(url(), (c) => c.user({ query: {}, headers: bearer(elsewhere.grant.accessToken) }))).toMatchObject({
      _tag: "SessionExpired",
      reason: "revoked"
    })
    // The new address signs the same visitor in; the old one is a stranger now.
    world.time.advance(31_000)
    expect((await signIn(world, next, deviceId)).grant.visitorId).toBe(grant.visitorId)
    expect((await signIn(world, email)).grant.visitorId).not.toBe(grant.visitorId)
  })

  it("refuses an address of another visitor of the project", async () => {
    const taken = await signIn(world)
    const { grant } = await signIn(world)
    const refusal = await failureOf(url(), (c) =>
      c.emailUpdate({ query: {}, headers: bearer(grant.accessToken), payload: { email: taken.email.toUpperCase(), locale: "en" } }))
    expect(refusal).toMatchObject({ _tag: "EmailInUse", status: 409 })
  })

  it("another visitor's session cannot use the attempt", async () => {
    const { grant } = await signIn(world)
    const stranger = await signIn(world)
    world.time.advance(31_000)
    const started = await update(grant.accessToken, newEmail("next"))
    const refusal = await failureOf(url(), (c) =>
      c.emailUpdatePrimary({ query: {}, headers: bearer(stranger.grant.accessToken), payload: { attemptId: started.attemptId, otp: "000000" } }))
    expect(refusal).toMatchObject({ _tag: "NotFound" })
  })

  it("needs a session", async () => {
    const refusal = await failureOf(url(), (c) => c.emailUpdate({ query: {}, headers: {}, payload: { email: newEmail(), locale: "en" } }))
    expect(refusal).toMatchObject({ _tag: "SessionExpired", reason: "missing", status: 401 })
  })
})

describe("OtpCode", () => {
  const key = new Uint8Array(32).fill(7)
  const code = fc.stringMatching(/^[0-9]{6}$/)
  const attemptId = fc.stringMatching(/^[0-9a-f]{32}$/)

  it("draws six digits", () => {
    for (let i = 0; i < 200; i++) expect(OtpCode.generate()).toMatch(/^[0-9]{6}$/)
  })

  it("passes exactly the code it was made for, for that attempt", () => {
    fc.assert(fc.property(attemptId, attemptId, code, code, (id, otherId, right, tried) => {
      const stored = OtpCode.digest(key, id, right)
      expect(OtpCode.matches(key, id, tried, stored)).toBe(tried === right)
      expect(OtpCode.matches(key, otherId, right, stored)).toBe(otherId === id)
    }))
  })

  it("refuses anything that is not a digest of the code", () => {
    fc.assert(fc.property(attemptId, code, fc.string(), (id, right, stored) => {
      fc.pre(stored !== OtpCode.digest(key, id, right))
      expect(OtpCode.matches(key, id, right, stored)).toBe(false)
    }))
  })
})
