/**
 * The embedded wallet's mails in every locale: each carries its code, link or new address in the text
 * and the HTML, HTML-escaped, with `<html>`'s `lang` and `dir` (right to left for Arabic and Hebrew);
 * the pages the server renders carry them too.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as Locale from "../../../core/Locale.ts"
import * as ApprovalPage from "../../../http/server/embedded/ApprovalPage.ts"
import { compose, type MailContent } from "../../../http/server/embedded/MailTexts.ts"
import * as SocialDonePage from "../../../http/server/embedded/SocialDonePage.ts"
import { visitorTexts } from "../../../http/server/embedded/VisitorTexts.ts"

const otpCode = fc.stringMatching(/^[0-9]{6}$/)
const content: fc.Arbitrary<MailContent> = fc.oneof(
  otpCode.map((code) => ({ kind: "code" as const, code })),
  fc.webUrl({ withQueryParameters: true }).map((link) => ({ kind: "device" as const, link })),
  fc.tuple(otpCode, fc.emailAddress()).map(([code, newEmail]) => ({ kind: "updateCurrent" as const, code, newEmail })),
  otpCode.map((code) => ({ kind: "updateNew" as const, code }))
)

/** What a mail must carry for its reader to act: the code or link, and the new address it confirms. */
const carried = (mail: MailContent): ReadonlyArray<string> => {
  switch (mail.kind) {
    case "code":
    case "updateNew":
      return [mail.code]
    case "device":
      return [mail.link]
    case "updateCurrent":
      return [mail.code, mail.newEmail]
  }
}

const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#39;")

describe("mails", () => {
  it("carry their code, link and new address in every locale, in the text and the escaped HTML", () => {
    fc.assert(fc.property(fc.constantFrom(...Locale.locales), content, (locale, mail) => {
      const composed = compose(locale, mail)
      for (const value of carried(mail)) {
        expect(composed.text).toContain(value)
        expect(composed.html).toContain(escaped(value))
      }
      expect(composed.html).toContain(`<html lang="${locale}" dir="${Locale.direction(locale)}">`)
    }))
  })

  it("are written in the visitor's locale", () => {
    const mail = compose("ja", { kind: "updateCurrent", code: "123456", newEmail: "new@example.com" })
    expect(mail.subject).toBe(visitorTexts.ja.mail.updateCurrent.subject)
    expect(mail.text).toBe("ログイン用のメールアドレスを new@example.com に変更するには、次のコードを入力してください：\n\n123456\n\n" +
      `${visitorTexts.ja.mail.codeValidity}\n`)
  })

  it("lay Arabic and Hebrew out right to left, the link left to right", () => {
    for (const locale of ["ar", "he"] as const) {
      const html = compose(locale, { kind: "device", link: "https://wallet.example/approve?token=abc" }).html
      expect(html).toContain(`<html lang="${locale}" dir="rtl">`)
      expect(html).toContain(`<p dir="ltr"><a href="https://wallet.example/approve?token=abc">`)
    }
    expect(compose("en", { kind: "code", code: "123456" }).html).toContain(`<html lang="en" dir="ltr">`)
  })
})

/** The HTML of a rendered approval page. */
const htmlOf = (page: ApprovalPage.ApprovalPage, locale: Locale.Locale): string => {
  const { body } = ApprovalPage.render(page, locale, "t")
  if (body._tag !== "Uint8Array") throw new Error(`the page is a ${body._tag} body`)
  return new TextDecoder().decode(body.body)
}

describe("pages", () => {
  it("the approval pages and the social done page speak the locale, right to left for Arabic and Hebrew", () => {
    for (const locale of Locale.locales) {
      const dir = Locale.direction(locale)
      const approval = htmlOf("confirm", locale)
      expect(approval).toContain(`<html lang="${locale}" dir="${dir}">`)
      expect(approval).toContain(`<h1>${visitorTexts[locale].approval.confirm.title}</h1>`)
      const done = SocialDonePage.render("signedIn", locale)
      expect(done).toContain(`<html lang="${locale}" dir="${dir}">`)
      expect(done).toContain(`<h1>${visitorTexts[locale].socialDone.signedIn.title}</h1>`)
    }
  })
})
