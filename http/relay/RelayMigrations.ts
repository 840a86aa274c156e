/**
 * The relay's tables, versioned in their own table (`portico_relay_migrations`) so that the relay can
 * live in the API server's database or in one of its own. Applied at every start, each version once,
 * under a session advisory lock (several relay processes may start at once on one Postgres), each
 * migration in one transaction. The runner follows http/server/Migrations.ts, over its own list.
 */
import * as Schema from "effect/Schema"
import { type Database, rows } from "../server/Database.ts"

interface Migration {
  readonly version: number
  readonly up: ReadonlyArray<string>
}

export const relayMigrations: ReadonlyArray<Migration> = [
  {
    version: 1,
    up: [
      // Times are the relay's clock in milliseconds (tests move it); `digest` (sha256 of the body) makes a
      // client's retried publish the same message.
      `CREATE TABLE relay_messages (
        id bigserial PRIMARY KEY,
        topic text NOT NULL,
        digest text NOT NULL,
        message text NOT NULL,
        bytes integer NOT NULL,
        tag integer NOT NULL,
        attestation text,
        publisher text NOT NULL,
        published_at bigint NOT NULL,
        expires_at bigint NOT NULL
      )`,
      `CREATE UNIQUE INDEX relay_messages_topic_digest ON relay_messages (topic, digest)`,
      `CREATE INDEX relay_messages_topic ON relay_messages (topic, id)`,
      `CREATE INDEX relay_messages_expiry ON relay_messages (expires_at)`,
      // Which client acknowledged (or fetched) which message; a message's receipts go with it.
      `CREATE TABLE relay_receipts (
        message_id bigint NOT NULL REFERENCES relay_messages (id) ON DELETE CASCADE,
        client_id text NOT NULL,
        PRIMARY KEY (message_id, client_id)
      )`
    ]
  }
]

/** An arbitrary constant naming the relay's migration lock among the database's advisory locks. */
const lockKey = 7_306_113

export const migrateRelay = (db: Database): Promise<ReadonlyArray<number>> =>
  db.withConnection(async (connection) => {
    await connection.query("SELECT pg_advisory_lock($1)", [lockKey])
    try {
      await connection.query(
        `CREATE TABLE IF NOT EXISTS portico_relay_migrations (
          version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`
      )
      const done = new Set(
        (await rows(connection, Schema.Struct({ version: Schema.Number }), "SELECT version FROM portico_relay_migrations")).map((row) => row.version)
      )
      const applied: Array<number> = []
      for (const migration of relayMigrations) {
        if (done.has(migration.version)) continue
        await db.transaction(async (tx) => {
          for (const statement of migration.up) await tx.query(statement)
          await tx.query("INSERT INTO portico_relay_migrations (version) VALUES ($1)", [migration.version])
        })
        applied.push(migration.version)
      }
      return applied
    } finally {
      await connection.query("SELECT pg_advisory_unlock($1)", [lockKey])
    }
  })
