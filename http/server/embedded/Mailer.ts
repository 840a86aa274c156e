/**
 * Sends the embedded wallet's mails over SMTP with `nodemailer` (`ServerOptions.embedded.smtp`).
 * Nothing is logged: a mail carries a sign-in code or an approval link.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import { createTransport } from "nodemailer"
import { UpstreamUnavailable } from "../../api/ApiError.ts"
import type { Locale } from "../../api/EmbeddedApi.ts"
import type { SmtpOptions } from "../ServerOptions.ts"
import { compose, type MailContent } from "./MailTexts.ts"

export class Mailer extends Context.Service<Mailer, {
  /** Hands the mail to the SMTP server; a refusal or an unreachable server answers 502. */
  readonly send: (to: string, locale: Locale, content: MailContent) => Effect.Effect<void, UpstreamUnavailable>
}>()("portico/http/server/embedded/Mailer") {}

/** The SMTP error code (ECONNREFUSED, EENVELOPE, …): enough to tell what failed, nothing of the mail. */
const codeOf = (error: unknown): string =>
  Predicate.hasProperty(error, "code") && typeof error.code === "string" ? error.code : "unknown"

export const make = (smtp: SmtpOptions): Mailer["Service"] => {
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure ?? false,
    ...(smtp.auth === undefined ? {} : { auth: { user: smtp.auth.user, pass: smtp.auth.pass } }),
    logger: false,
    debug: false
  })
  return Mailer.of({
    send: (to, locale, content) => {
      const mail = compose(locale, content)
      return Effect.tryPromise({
        try: () => transport.sendMail({ from: smtp.from, to, subject: mail.subject, text: mail.text, html: mail.html }),
        catch: (error) => new UpstreamUnavailable({ message: `mail: the mail server did not take the message (${codeOf(error)})` })
      }).pipe(Effect.asVoid)
    }
  })
}
