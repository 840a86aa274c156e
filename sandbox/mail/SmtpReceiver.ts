/**
 * The sandbox's SMTP server (`smtp-server`): takes any message from this machine without
 * authentication or TLS (both commands disabled: a local toy on a loopback address), parses it with
 * `mailparser` and files it in the mailbox. Connections from any other address are refused.
 */
import { simpleParser } from "mailparser"
import { SMTPServer } from "smtp-server"
import type { Mailbox } from "./Mailbox.ts"

/** Large enough for any mail Portico sends, small enough that nothing fills memory. */
export const maxMessageBytes = 256 * 1024

const loopback = (address: string) => address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.")

export const make = (mailbox: Mailbox): SMTPServer =>
  new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    disableReverseLookup: true,
    size: maxMessageBytes,
    logger: false,
    banner: "Portico sandbox mail server",
    // Stopping the sandbox waits this long (not the default 30 s) for a client still connected.
    closeTimeout: 1000,
    onConnect: (session, callback) =>
      callback(loopback(session.remoteAddress) ? null : new Error("The sandbox mail server takes mail from this machine only")),
    onData: (stream, session, callback) => {
      simpleParser(stream).then(
        (parsed) => {
          if (stream.sizeExceeded) return callback(new Error("Message too large"))
          mailbox.add({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            from: parsed.from?.text ?? (session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            receivedAt: new Date().toISOString()
          })
          callback()
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)))
      )
    }
  })
