/**
 * One small SQL interface over the two databases the server runs on: embedded PGlite (a data
 * directory, or in memory for tests) and Postgres through `pg` when a connection URL is given.
 * Everything above it (migrations, the repository) speaks plain Postgres SQL with $n parameters.
 */
import * as DataDirLock from "./DataDirLock.ts"
import { PGlite } from "@electric-sql/pglite"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import { Pool } from "pg"

export interface Queryable {
  /** Rows as the driver returns them; callers decode them with `rows` before reading a column. */
  readonly query: (text: string, params?: ReadonlyArray<unknown>) => Promise<ReadonlyArray<unknown>>
}

/** Runs a query and decodes every row with `schema`; a row of another shape rejects (a defect above). */
export const rows = async <S extends Schema.Codec<unknown, unknown>>(
  queryable: Queryable,
  schema: S,
  text: string,
  params?: ReadonlyArray<unknown>
): Promise<ReadonlyArray<S["Type"]>> => Schema.decodeUnknownSync(Schema.Array(schema))(await queryable.query(text, params))

export interface Database extends Queryable {
  /** Runs `f` on one connection inside BEGIN/COMMIT; any rejection rolls back. */
  readonly transaction: <A>(f: (tx: Queryable) => Promise<A>) => Promise<A>
  /** Runs `f` on one dedicated connection (session-level advisory locks need that). */
  readonly withConnection: <A>(f: (connection: Queryable) => Promise<A>) => Promise<A>
  readonly kind: "pglite" | "postgres"
  readonly close: () => Promise<void>
}

export type DatabaseOptions =
  | { readonly databaseUrl: string }
  | { readonly dataDir: string }
  | { readonly inMemory: true }

export const openDatabase = (options: DatabaseOptions): Promise<Database> =>
  "databaseUrl" in options ? Promise.resolve(openPostgres(options.databaseUrl)) : openPglite(options)

const openPglite = async (options: { readonly dataDir: string } | { readonly inMemory: true }): Promise<Database> => {
  const release = "dataDir" in options ? DataDirLock.acquire(options.dataDir) : () => undefined
  // relaxedDurability stays off: every commit is flushed to the data directory before it resolves.
  const db = await ("dataDir" in options ? PGlite.create(options.dataDir, { relaxedDurability: false }) : PGlite.create()).catch((error: unknown) => {
    release()
    throw error
  })
  const query = async (text: string, params: ReadonlyArray<unknown> = []): Promise<ReadonlyArray<unknown>> =>
    (await db.query(text, [...params])).rows
  const self: Queryable = { query }
  return {
    kind: "pglite",
    query,
    // PGlite is a single connection, so the connection is the database itself.
    withConnection: (f) => f(self),
    transaction: (f) => db.transaction((tx) => f({ query: async (text: string, params: ReadonlyArray<unknown> = []) => (await tx.query(text, [...params])).rows })),
    close: () => db.close().finally(release)
  }
}

/** Errors that mean the database server is away (connection refused or lost, shutting down), not a bad query. */
const unavailable = (error: unknown): boolean => {
  const code = Predicate.hasProperty(error, "code") ? String(error.code) : ""
  return ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03"].includes(code) || code.startsWith("08") ||
    (error instanceof Error && /Connection terminated|connection timeout/i.test(error.message))
}

/** Rethrows a database outage as `DatabaseUnavailableError` (the server answers 503); other errors as they are. */
const outage = (error: unknown): never => {
  throw unavailable(error) ? new DatabaseUnavailableError({ message: "The database cannot be reached" }) : error
}

const openPostgres = (databaseUrl: string): Database => {
  const pool = new Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 })
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", () => undefined)
  const query = async (text: string, params: ReadonlyArray<unknown> = []): Promise<ReadonlyArray<unknown>> =>
    (await pool.query(text, [...params]).catch(outage)).rows
  const withConnection = async <A,>(f: (connection: Queryable) => Promise<A>): Promise<A> => {
    const client = await pool.connect().catch(outage)
    try {
      return await f({ query: async (text: string, params: ReadonlyArray<unknown> = []) => (await client.query(text, [...params]).catch(outage)).rows })
    } finally {
      client.release()
    }
  }
  return {
    kind: "postgres",
    query,
    withConnection,
    transaction: (f) =>
      withConnection(async (connection) => {
        await connection.query("BEGIN")
        try {
          const result = await f(connection)
          await connection.query("COMMIT")
          return result
        } catch (error) {
          // On a lost connection the rollback fails too (and the server already rolled back): the first error is the one to report.
          await connection.query("ROLLBACK").catch(() => undefined)
          throw error
        }
      }),
    close: () => pool.end()
  }
}

/** The database server cannot be reached: a passing condition, answered 503 with Retry-After. */
export class DatabaseUnavailableError extends Schema.TaggedError<DatabaseUnavailableError>()("DatabaseUnavailableError", {
  message: Schema.String
}) {}
