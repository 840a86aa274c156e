/**
 * The mailbox in a database (http/server/Database.ts: PGlite in a data folder, or Postgres): a publish is
 * answered only once its message is committed, so a restart or a crash loses none; receipts (who
 * acknowledged what) are rows too, so an unacknowledged message is delivered again after a restart or
 * on another process. On Postgres each new message is announced with NOTIFY by the statement that
 * stores it, so every relay process sharing the database learns of it (PostgresFeed.ts).
 *
 * Every statement goes through the pool's `query` (no session held across statements): a connection
 * lost between two statements then costs one refusal, never an unhandled error.
 */
import { createHash } from "node:crypto"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import { type Database, DatabaseUnavailableError, rows } from "../server/Database.ts"
import { byteSize, type MessageStore, type Publish, type StoreBounds, type StoredMessage } from "./MessageStore.ts"
import { StorageUnavailableError } from "./RelayRefusal.ts"

/** Where new messages are announced: the NOTIFY channel, and this process's id (it skips its own). */
export interface Announce {
  readonly channel: string
  readonly origin: string
}

const Row = Schema.Struct({
  id: Schema.Number,
  topic: Schema.String,
  message: Schema.String,
  tag: Schema.Number,
  attestation: Schema.NullOr(Schema.String),
  publisher: Schema.String,
  published_at: Schema.Number,
  expires_at: Schema.Number
})

const columns = `id::float8 AS id, topic, message, tag, attestation, publisher,
  published_at::float8 AS published_at, expires_at::float8 AS expires_at`

const toStored = (row: typeof Row.Type): StoredMessage => ({
  id: row.id,
  topic: row.topic,
  message: row.message,
  publishedAt: row.published_at,
  tag: row.tag,
  ...(row.attestation === null ? {} : { attestation: row.attestation }),
  publisher: row.publisher,
  expiresAt: row.expires_at
})

/** Postgres's SQLSTATE for a row whose referenced row is gone. */
const foreignKeyViolation = "23503"

const digestOf = (message: string): string => createHash("sha256").update(message).digest("hex")

/** A database outage is a refusal the client may retry; any other failure is a defect of ours. */
const attempt = <A>(run: () => Promise<A>): Effect.Effect<A, StorageUnavailableError> =>
  Effect.tryPromise({ try: run, catch: (error) => error }).pipe(
    Effect.catch((error) =>
      error instanceof DatabaseUnavailableError
        ? Effect.fail(new StorageUnavailableError({ message: "The relay's database cannot be reached" }))
        : Effect.die(error)
    )
  )

/**
 * Stores a message in one statement (atomic without a transaction): the insert, the trim of the topic's
 * oldest beyond its bounds (the statement does not see its own new row, so room is made for it: it is
 * always kept), and on Postgres the announcement, sent when the statement commits. Nothing is returned
 * when the same message is live on the topic already. Deletes skip rows another statement has locked
 * (that one deletes them), so concurrent publishes and sweeps never wait on each other in a cycle.
 */
const insert = (announced: boolean) => `
  WITH inserted AS (
    INSERT INTO relay_messages (topic, digest, message, bytes, tag, attestation, publisher, published_at, expires_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT (topic, digest) DO NOTHING
    RETURNING *
  ), trimmed AS (
    DELETE FROM relay_messages WHERE id IN (
      SELECT id FROM relay_messages WHERE EXISTS (SELECT 1 FROM inserted) AND id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER newest AS position, sum(bytes) OVER newest AS running
          FROM relay_messages WHERE topic = $1 WINDOW newest AS (ORDER BY id DESC)
        ) ranked WHERE position >= $10 OR running + $4 > $11)
      FOR UPDATE SKIP LOCKED)
  )
  SELECT ${columns}${announced ? ", pg_notify($12, json_build_object('id', id, 'topic', topic, 'origin', $13::text)::text)" : ""}
  FROM inserted`

export const make = (db: Database, bounds: StoreBounds, announce?: Announce): MessageStore => {
  const inserting = insert(announce !== undefined)
  const publish = (incoming: Publish, publisher: string, now: number) =>
    attempt(async () => {
      const digest = digestOf(incoming.message)
      const values = [
        incoming.topic, digest, incoming.message, byteSize(incoming.message), incoming.tag ?? 0, incoming.attestation ?? null,
        publisher, now, now + incoming.ttl * 1000, bounds.maxMessagesPerTopic, bounds.maxBytesPerTopic,
        ...(announce === undefined ? [] : [announce.channel, announce.origin])
      ]
      for (let tries = 0; tries < 2; tries++) {
        const [inserted] = await rows(db, Row, inserting, values)
        if (inserted !== undefined) return { stored: toStored(inserted), fresh: true }
        // The same message is kept: a client's retry while it lives; an expired copy (not swept yet) gives way.
        const [existing] = await rows(db, Row, `SELECT ${columns} FROM relay_messages WHERE topic = $1 AND digest = $2`, [incoming.topic, digest])
        if (existing !== undefined && existing.expires_at > now) return { stored: toStored(existing), fresh: false }
        await db.query("DELETE FROM relay_messages WHERE topic = $1 AND digest = $2 AND expires_at <= $3", [incoming.topic, digest, now])
      }
      throw new Error("a message kept conflicting with an expired copy of itself")
    })

  const pendingFor = (topics: ReadonlyArray<string>, clientId: string, now: number) =>
    topics.length === 0
      ? Effect.succeed([])
      : attempt(async () =>
          (
            await rows(
              db,
              Row,
              `SELECT ${columns} FROM relay_messages m
               WHERE topic = ANY($1::text[]) AND expires_at > $2 AND publisher <> $3
                 AND NOT EXISTS (SELECT 1 FROM relay_receipts r WHERE r.message_id = m.id AND r.client_id = $3)
               ORDER BY id`,
              [topics, now, clientId]
            )
          ).map(toStored)
        )

  const byId = (id: number, now: number) =>
    attempt(async () => {
      const [row] = await rows(db, Row, `SELECT ${columns} FROM relay_messages WHERE id = $1 AND expires_at > $2`, [id, now])
      return row === undefined ? undefined : toStored(row)
    })

  const markReceived = (ids: ReadonlyArray<number>, clientId: string) =>
    ids.length === 0
      ? Effect.void
      : attempt(async () => {
          // Only messages still kept: one swept meanwhile (even while this runs) needs no receipt.
          await db
            .query(
              `INSERT INTO relay_receipts (message_id, client_id)
               SELECT id, $2 FROM relay_messages WHERE id = ANY($1::bigint[])
               ON CONFLICT DO NOTHING`,
              [ids, clientId]
            )
            .catch((error: unknown) => {
              if (!(Predicate.hasProperty(error, "code") && error.code === foreignKeyViolation)) throw error
            })
        })

  const sweep = (now: number) =>
    attempt(async () => {
      await db.query("DELETE FROM relay_messages WHERE id IN (SELECT id FROM relay_messages WHERE expires_at <= $1 FOR UPDATE SKIP LOCKED)", [now])
      await db.query(
        `DELETE FROM relay_messages WHERE id IN (
           SELECT id FROM relay_messages WHERE id IN (
             SELECT id FROM (SELECT id, sum(bytes) OVER (ORDER BY id DESC) AS running FROM relay_messages) ranked WHERE running > $1)
           FOR UPDATE SKIP LOCKED)`,
        [bounds.maxStoredBytes]
      )
    })

  const size = attempt(async () => {
    const [row] = await rows(
      db,
      Schema.Struct({ messages: Schema.Number, bytes: Schema.Number }),
      "SELECT count(*)::float8 AS messages, coalesce(sum(bytes), 0)::float8 AS bytes FROM relay_messages"
    )
    return row ?? { messages: 0, bytes: 0 }
  })

  return { publish, pendingFor, byId, markReceived, sweep, size, close: Effect.promise(() => db.close()) }
}
