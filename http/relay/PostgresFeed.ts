/**
 * How relay processes sharing one Postgres learn of each other's messages: every publish NOTIFYs the
 * `portico_relay` channel in its own transaction (SqlMessageStore.ts) with the message id, its topic and
 * the publishing process; each process LISTENs on one dedicated connection and hands the ids of other
 * processes' messages to its sockets. Postgres delivers a notification only once its transaction has
 * committed, so the message is always there to read.
 *
 * A lost connection is opened again with backoff; notifications sent meanwhile are lost, so the relay is
 * told (`onGap`) and hands every socket what is pending on its topics from the table.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { Client } from "pg"

export const channel = "portico_relay"

export interface Announcement {
  readonly id: number
  readonly topic: string
}

export interface FeedHandlers {
  readonly onMessage: (announcement: Announcement) => void
  /** The link was lost and is back: announcements may have been missed. */
  readonly onGap: () => void
}

export interface Feed {
  readonly close: () => Promise<void>
}

const Payload = Schema.fromJsonString(Schema.Struct({ id: Schema.Number, topic: Schema.String, origin: Schema.String }))
const decodePayload = Schema.decodeUnknownOption(Payload)

const backoff = { initialMillis: 250, maxMillis: 5_000 }

/** Listens until `close`; rejects when the first connection cannot be made (the relay does not start). */
export const listen = async (databaseUrl: string, origin: string, handlers: FeedHandlers): Promise<Feed> => {
  let closed = false
  let client: Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let attempts = 0

  const open = async (): Promise<Client> => {
    const next = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 })
    next.on("notification", (notification) => {
      if (notification.channel !== channel) return
      const payload = decodePayload(notification.payload)
      if (Option.isSome(payload) && payload.value.origin !== origin) handlers.onMessage({ id: payload.value.id, topic: payload.value.topic })
    })
    // An error is followed by "end"; a connection lost either way is replaced there.
    next.on("error", () => undefined)
    next.on("end", () => lost(next))
    try {
      await next.connect()
      await next.query(`LISTEN ${channel}`)
    } catch (error) {
      next.removeAllListeners("end")
      await next.end().catch(() => undefined)
      throw error
    }
    return next
  }

  const lost = (dead: Client): void => {
    if (closed || client !== dead) return
    client = undefined
    schedule()
  }

  const schedule = (): void => {
    const ceiling = Math.min(backoff.maxMillis, backoff.initialMillis * 2 ** Math.min(attempts, 16))
    attempts += 1
    retry = setTimeout(() => {
      retry = undefined
      open().then(
        (next) => {
          if (closed) return void next.end().catch(() => undefined)
          client = next
          attempts = 0
          handlers.onGap()
        },
        () => {
          if (!closed) schedule()
        }
      )
    }, ceiling / 2 + Math.random() * (ceiling / 2))
  }

  client = await open()

  return {
    close: async () => {
      closed = true
      if (retry !== undefined) clearTimeout(retry)
      const current = client
      client = undefined
      await current?.end().catch(() => undefined)
    }
  }
}
