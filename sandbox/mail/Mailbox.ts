/**
 * The sandbox mail server's mailbox: every message it received, in memory, newest last, the oldest
 * dropped past a bound (a test run never needs more, a long `npm start` session never grows without end).
 */
export interface MailMessage {
  readonly id: number
  /** The envelope's recipients, lower case. */
  readonly to: ReadonlyArray<string>
  readonly from: string
  readonly subject: string
  /** The plain-text part (the only part the mailbox shows: a message's HTML is never rendered). */
  readonly text: string
  /** RFC 3339. */
  readonly receivedAt: string
}

export interface Mailbox {
  readonly add: (message: Omit<MailMessage, "id">) => MailMessage
  /** The messages to `to` (case-insensitive), or all of them; oldest first. */
  readonly list: (to?: string) => ReadonlyArray<MailMessage>
}

export const maxMessages = 1000

export const make = (): Mailbox => {
  const messages: Array<MailMessage> = []
  let next = 1
  return {
    add: (message) => {
      const stored = { ...message, id: next++ }
      messages.push(stored)
      if (messages.length > maxMessages) messages.splice(0, messages.length - maxMessages)
      return stored
    },
    list: (to) => {
      const wanted = to?.trim().toLowerCase()
      return wanted === undefined || wanted === "" ? [...messages] : messages.filter((message) => message.to.includes(wanted))
    }
  }
}
